import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectBridge } from './bridge/connect';
import { BridgeProvider } from './state/bridgeContext';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <BridgeProvider bridge={connectBridge()}>
      <App />
    </BridgeProvider>
  </StrictMode>,
);

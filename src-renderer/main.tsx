import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@renderer/app/App';
import { connectBridge } from '@renderer/bridge/connect';
import { BridgeProvider } from '@renderer/state/bridgeContext';
import { LanguageProvider } from '@renderer/i18n/LanguageProvider';
import '@renderer/styles.css';
// The kit's styles, which its index imports for the views: the sign-in page needs them before.
import '@renderer/components/ui/ui.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <LanguageProvider>
      <BridgeProvider bridge={connectBridge()}>
        <App />
      </BridgeProvider>
    </LanguageProvider>
  </StrictMode>,
);

import { useEffect } from 'react';
import { Loading } from '../components/States';
import { useAppStore } from '../state/appStore';
import { useBridge } from '../state/bridgeContext';
import { SignInView } from '../views/SignInView';
import { Frame } from './Frame';

export function App() {
  const bridge = useBridge();
  const { ready, account, start } = useAppStore();
  useEffect(() => start(bridge), [bridge, start]);
  if (!ready) return <Loading label="Opening…" />;
  return account ? <Frame /> : <SignInView />;
}

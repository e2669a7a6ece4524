import { useEffect } from 'react';
import { Loading, ToastRegion } from '@renderer/components/ui';
import { SignInView } from '@renderer/features/session';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import { BackendBanner } from './BackendBanner';
import { Frame } from './Frame';

export function App() {
  const bridge = useBridge();
  const ready = useAppStore((s) => s.ready);
  const signedIn = useAppStore((s) => s.account !== null);
  const start = useAppStore((s) => s.start);
  useEffect(() => start(bridge), [bridge, start]);
  return (
    <>
      <BackendBanner />
      {!ready ? <Loading label="Opening…" /> : signedIn ? <Frame /> : <SignInView />}
      <ToastRegion />
    </>
  );
}

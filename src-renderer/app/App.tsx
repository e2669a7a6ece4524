import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
// The sign-in page's parts are imported from their own files, not from the kit's index or the
// session's: what an index re-exports is in the page's first chunk, every view's widgets with it.
import { ErrorNote, Loading } from '@renderer/components/ui/States';
import { ToastRegion } from '@renderer/components/ui/Toast';
import { SignInView } from '@renderer/features/session/atStart';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import { chunk, useChunk } from '@renderer/state/chunk';
import { BackendBanner } from './BackendBanner';

const MESSAGES = defineMessages({
  opening: { id: 'app.opening', defaultMessage: 'Opening…' },
  missing: { id: 'app.missing', defaultMessage: 'The app could not be opened: a part of it is missing or damaged.' },
});

// The signed-in frame is a chunk of its own: the sign-in page shows after this code alone is parsed.
const FRAME = chunk(() => import('./Frame').then((m) => m.Frame));

export function App() {
  const bridge = useBridge();
  const intl = useIntl();
  const ready = useAppStore((s) => s.ready);
  const signedIn = useAppStore((s) => s.account !== null);
  const start = useAppStore((s) => s.start);
  const frame = useChunk(FRAME, ready && signedIn);
  useEffect(() => start(bridge), [bridge, start]);
  // On the sign-in page, the frame loads while the person types.
  useEffect(() => {
    if (!ready || signedIn) return;
    const idle = requestIdleCallback(() => void FRAME.start().catch(() => undefined), { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [ready, signedIn]);
  return (
    <>
      <BackendBanner />
      {!ready ? (
        <Loading label={intl.formatMessage(MESSAGES.opening)} />
      ) : signedIn ? (
        frame.Component ? (
          <frame.Component />
        ) : frame.failed ? (
          <ErrorNote message={intl.formatMessage(MESSAGES.missing)} onRetry={frame.retry} />
        ) : (
          <Loading label={intl.formatMessage(MESSAGES.opening)} />
        )
      ) : (
        <SignInView />
      )}
      <ToastRegion />
    </>
  );
}

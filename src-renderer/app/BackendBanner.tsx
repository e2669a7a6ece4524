import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AppEvents } from '@shared/appApi';
import { useBridge } from '@renderer/state/bridgeContext';

type State = AppEvents['backend.status']['state'];

/**
 * The desktop app's backend runs in a process of its own: while it starts again after a crash
 * the window says so instead of hanging, and if it keeps stopping, what to do.
 */
export function BackendBanner() {
  const bridge = useBridge();
  const [state, setState] = useState<State>('ready');
  useEffect(() => bridge.on('backend.status', ({ state: next }) => setState(next)), [bridge]);
  if (state === 'reconnecting')
    return (
      <p className="frame-banner" role="status">
        <FormattedMessage id="app.backend.reconnecting" defaultMessage="Reconnecting to the local data…" />
      </p>
    );
  if (state === 'failed')
    return (
      <p className="frame-banner" role="alert">
        <FormattedMessage
          id="app.backend.failed"
          defaultMessage="The local data keeps stopping: quit HR Offline and open it again. Help › Open Logs Folder shows why."
        />
      </p>
    );
  return null;
}

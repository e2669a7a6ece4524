import type { AppArgs, AppCallName, AppResult, IpcTransport } from '@shared/appApi';
import { eventHub, openReply, type AppBridge } from './bridge';

/** The app API over Electron IPC, from the transport the preload exposes. */
export function ipcBridge(transport: IpcTransport): AppBridge {
  const events = eventHub();
  // One subscription across the context bridge, however many views listen.
  transport.onEvent((event, payload) => events.emit(event, payload));
  return {
    async call<K extends AppCallName>(name: K, args: AppArgs<K>) {
      // The backend answers the call it was given: its result has that call's type.
      return openReply(await transport.call(name, args)) as AppResult<K>;
    },
    on: events.on,
  };
}

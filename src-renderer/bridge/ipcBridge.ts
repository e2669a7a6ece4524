import type { IpcTransport } from '../../src-shared/appApi';
import { eventHub, openReply, type AppBridge } from './bridge';

/** The app API over Electron IPC, from the transport the preload exposes. */
export function ipcBridge(transport: IpcTransport): AppBridge {
  const events = eventHub();
  // One subscription across the context bridge, however many views listen.
  transport.onEvent((event, payload) => events.emit(event, payload));
  return {
    call: async (name, args) => openReply(await transport.call(name, args)) as never,
    on: events.on,
  };
}

import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { IPC_CALL, IPC_EVENT, type AppEventName, type AppEvents, type BridgeReply } from '@shared/appApi';
import type { AppBackend } from '../launch/appBackend';

type Sender = Pick<WebContents, 'send' | 'isDestroyed' | 'getURL'>;

export interface IpcHostOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  backend: AppBackend;
  /** Is this address the app's own page? */
  trusted: (url: string) => boolean;
  /** The windows that get the backend's events. */
  windows: () => Sender[];
}

const REFUSED: BridgeReply = { error: { code: 'FORBIDDEN', message: 'This page may not use the app API' } };

/**
 * Only the app's own page, in a window's top frame, may call the backend: an iframe or a page
 * the window was somehow taken to gets a refusal (VS Code's IPC sender validation).
 */
function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, trusted: (url: string) => boolean) {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && trusted(frame.url);
}

/** An event to every window showing the app's own page (the backend's, or the shell's own). */
export function sendToApp<E extends AppEventName>(
  options: Pick<IpcHostOptions, 'trusted' | 'windows'>,
  name: E,
  payload: AppEvents[E],
): void {
  for (const contents of options.windows()) {
    if (!contents.isDestroyed() && options.trusted(contents.getURL())) contents.send(IPC_EVENT, name, payload);
  }
}

/** Carries the app API over Electron IPC, for the life of the process: calls from trusted pages, events to the app's windows. */
export function serveIpc(options: IpcHostOptions): void {
  options.ipcMain.handle(IPC_CALL, async (event, call: unknown, args: unknown) =>
    isTrustedSender(event, options.trusted) ? options.backend.call(String(call), args) : REFUSED,
  );
  options.backend.on((name, payload) => sendToApp(options, name, payload));
}

import type { AppCallName } from './calls';
import type { AppError, AppEventName, AppEvents } from './common';

/** The backend's answer to one call, on every transport. */
export type BridgeReply = { result: unknown } | { error: AppError };

/** Messages of the app API over a WebSocket (the web host) — the same calls and events as IPC. */
export interface BridgeRequest {
  id: number;
  call: AppCallName;
  args: unknown;
}

export type BridgeMessage = ({ id: number } & BridgeReply) | { event: AppEventName; payload: AppEvents[AppEventName] };

/** The path of the WebSocket; the per-launch key comes as `?key=`. */
export const BRIDGE_PATH = '/bridge';

/** Electron's channels: one for calls (invoke/handle), one for events (main → window). */
export const IPC_CALL = 'hr-app:call';
export const IPC_EVENT = 'hr-app:event';

/**
 * What Electron's preload exposes as `window.hrApp`. Replies come unopened: an Error crosses the
 * context bridge with its message only, so the renderer turns `{ error }` into its own error.
 */
export interface IpcTransport {
  call(call: AppCallName, args: unknown): Promise<BridgeReply>;
  onEvent(listener: (event: AppEventName, payload: unknown) => void): () => void;
}

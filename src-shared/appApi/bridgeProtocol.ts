import type { AppCallName, AppError, AppEventName, AppEvents } from './types';

/** Messages of the app API over a WebSocket (the web host) — the same calls and events as IPC. */
export interface BridgeRequest {
  id: number;
  call: AppCallName;
  args: unknown;
}

export type BridgeMessage =
  | { id: number; result: unknown }
  | { id: number; error: AppError }
  | { event: AppEventName; payload: AppEvents[AppEventName] };

/** The path of the WebSocket; the per-launch key comes as `?key=`. */
export const BRIDGE_PATH = '/bridge';

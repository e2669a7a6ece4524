import type { AppEventName, BridgeReply } from '@shared/appApi';
import type { BackendOptions } from '../core/app/openAccount';

/**
 * The V8 options the backend's process runs with. Its young generation is held to 4 MB a semi-space
 * (V8 grows it to 16 under a first sync's hundreds of parsed pages, three spaces of it resident):
 * the memory that takes is given back, and a first sync takes as long.
 */
export const BACKEND_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];

/**
 * The backend's own process (Electron's utilityProcess, or a Node fork in tests) and the main
 * process speak these messages: the app API's calls and replies in the shapes every transport
 * uses, its events, and the refresh tokens, which only the main process may seal.
 */
export interface BackendStart {
  dataDir: string;
  /** The HR service to offer at sign-in; without it the backend starts the demo service. */
  serviceUrl?: string;
  /** The caches' key, unsealed by the main process (hex), and whether it outlives this session. */
  cacheKey: { hex: string; kept: boolean } | null;
  nativeBinding?: string;
  sync?: BackendOptions['sync'];
  /** Where the backend's process writes its log (a folder), if anywhere. */
  logDir?: string;
}

export type ToBackend =
  | { type: 'start'; options: BackendStart }
  | { type: 'call'; id: number; call: string; args: unknown }
  | { type: 'tokens.reply'; id: number; value: string | null }
  | { type: 'close' };

export type FromBackend =
  | { type: 'ready'; demoServiceUrl: string | null }
  | { type: 'reply'; id: number; reply: BridgeReply }
  | { type: 'event'; name: AppEventName; payload: unknown }
  | { type: 'tokens'; id: number; op: 'get' | 'set' | 'delete'; accountId: string; token?: string }
  | { type: 'closed' };

/** One side of the conversation, whatever carries it (a MessagePort, a Node IPC channel). */
export interface Channel<In, Out> {
  send(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}

import type { AppArgs, AppCallName, AppEventName, AppEvents, AppResult, BridgeReply } from '@shared/appApi';
import { answerCall } from '../core/app/answerCall';
import type { Backend } from '../core/app/backend';

type Listener = <E extends AppEventName>(name: E, payload: AppEvents[E]) => void;

/**
 * The backend as the desktop shell talks to it, wherever it runs: in this process, or in its own
 * behind the supervisor. Calls answer the app API's reply shapes; events come as they are.
 */
export interface AppBackend {
  call(call: string, args: unknown): Promise<BridgeReply>;
  on(listener: Listener): () => void;
}

export function inProcess(backend: Backend): AppBackend {
  return { call: (call, args) => answerCall(backend, call, args), on: (listener) => backend.on(listener) };
}

/** A call whose failure is an exception (the shell's own uses: menus, tray, notifications). */
export async function ask<K extends AppCallName>(
  backend: AppBackend,
  call: K,
  args: AppArgs<K>,
): Promise<AppResult<K>> {
  const reply = await backend.call(call, args);
  if ('error' in reply) throw new Error(reply.error.message);
  return reply.result as AppResult<K>;
}

import type { AppCallName, BridgeReply } from '../../../src-shared/appApi';
import { toAppError } from './appError';
import type { Backend } from './backend';

/**
 * One call of the app API from a transport (the WebSocket host, Electron IPC): the name is
 * checked, and whatever goes wrong comes back as `{ code, message }`, never a stack.
 */
export async function answerCall(backend: Backend, call: unknown, args: unknown): Promise<BridgeReply> {
  const handler = Object.hasOwn(backend.handlers, String(call))
    ? (backend.handlers[call as AppCallName] as (args: unknown) => Promise<unknown>)
    : undefined;
  if (!handler) return { error: { code: 'INVALID_INPUT', message: `Unknown call ${String(call)}` } };
  try {
    return { result: (await handler(args)) ?? null };
  } catch (error) {
    return { error: toAppError(error) };
  }
}

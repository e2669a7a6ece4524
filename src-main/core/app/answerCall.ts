import type { AppCallName, BridgeReply } from '@shared/appApi';
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
    const answer = toAppError(error);
    // What the user can act on is theirs to read; what the app did not expect goes to the log, with
    // its stack (never the arguments: they carry what people typed).
    if (answer.code === 'INTERNAL' || answer.code === 'SERVICE_ERROR' || answer.code === 'STORAGE') {
      backend.log.error({ err: error, call: String(call), code: answer.code }, 'app API call failed');
    } else {
      backend.log.debug({ call: String(call), code: answer.code }, 'app API call refused');
    }
    return { error: answer };
  }
}

import type { z } from 'zod';
import type { AppError, AppErrorCode } from '../../../src-shared/appApi';
import { HttpError, NetworkError, SessionExpiredError } from '../api/apiErrors';

/** A failure the renderer can show: a code to act on and a sentence to read. */
export class AppFailure extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}

/** Any error as it crosses a transport: `{ code, message, details? }`, never a stack. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    return {
      code: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
    };
  }
  if (error instanceof SessionExpiredError) return { code: 'NOT_SIGNED_IN', message: error.message };
  if (error instanceof NetworkError) return { code: 'OFFLINE', message: 'The service cannot be reached right now' };
  if (error instanceof HttpError) {
    const code: AppErrorCode =
      error.status === 400
        ? 'INVALID_INPUT'
        : error.status === 401
          ? 'SIGN_IN_FAILED'
          : error.status === 403
            ? 'FORBIDDEN'
            : error.status === 404
              ? 'NOT_FOUND'
              : error.status === 409 || error.status === 412
                ? 'CONFLICT'
                : error.status === 429
                  ? 'SIGN_IN_THROTTLED'
                  : 'SERVICE_ERROR';
    return { code, message: error.message, ...(error.problem.errors ? { details: error.problem.errors } : {}) };
  }
  return { code: 'INTERNAL', message: 'Something went wrong in the app' };
}

/** Checks a call's input with the shared schema; a failure names each bad field. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppFailure(
    'INVALID_INPUT',
    errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
    errors,
  );
}

import { defineMessages } from '@formatjs/intl';
import type { z } from 'zod';
import type { AppError, AppErrorCode } from '@shared/appApi';
import { parseWithRules, summarizeIssues, type FieldIssue } from '@shared/rules';
import { HttpError, NetworkError, SessionExpiredError, unreachableWords } from '../api/apiErrors';
import { pageWords, speak } from '../api/language';
import { storageProblem } from '../cache/storageErrors';

const WORDS = defineMessages({
  internal: { id: 'core.app.internal', defaultMessage: 'Something went wrong in the app' },
});

/** A failure the renderer can show: a code to act on and a sentence to read, in the page's language (`speak`). */
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
  if (error instanceof SessionExpiredError) return { code: 'NOT_SIGNED_IN', message: error.words };
  const storage = storageProblem(error);
  if (storage) return { code: 'STORAGE', message: storage };
  if (error instanceof NetworkError) return { code: 'OFFLINE', message: unreachableWords() };
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
  return { code: 'INTERNAL', message: speak(WORDS.internal) };
}

/** A change that breaks the rulebook, refused before anything is queued: one issue per field, summed up in the page's language. */
export function refuse(issues: FieldIssue[], code: 'INVALID_INPUT' | 'CONFLICT' = 'INVALID_INPUT'): never {
  throw new AppFailure(code, summarizeIssues(issues, pageWords()), issues);
}

/** Refuses when the rulebook found issues. */
export function requireNoIssues(issues: FieldIssue[], code: 'INVALID_INPUT' | 'CONFLICT' = 'INVALID_INPUT'): void {
  if (issues.length) refuse(issues, code);
}

/** Checks a call's input with the shared schema, in the rulebook's words, as the service does. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseWithRules(schema, input);
  if (result.ok) return result.data;
  return refuse(result.issues);
}

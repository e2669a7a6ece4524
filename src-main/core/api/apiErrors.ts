import { defineMessages } from '@formatjs/intl';
import { REQUEST_IN_PROGRESS, type Problem } from '@shared/wire';
import { speak } from './language';

// What the person reads of these errors, in the page's language; the errors' own messages stay
// English, for the log.
const WORDS = defineMessages({
  signInAgain: { id: 'core.api.signInAgain', defaultMessage: 'Sign in again to continue syncing' },
  unreachable: { id: 'core.api.unreachable', defaultMessage: 'The service cannot be reached right now' },
});

/** That the service cannot be reached, in the page's language. */
export const unreachableWords = (): string => speak(WORDS.unreachable);

/** The service could not be reached, or did not answer in time: worth retrying later. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** "Work offline" is on: the request was not sent. */
export class WorkingOfflineError extends NetworkError {
  constructor() {
    super('You are working offline: nothing is sent until you turn Work offline off');
    this.name = 'WorkingOfflineError';
  }
}

/** The service answered with an error status; `problem` is its body, normalized. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem & Record<string, unknown>,
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'HttpError';
  }

  /** Server trouble or rate limits: the same request may work later. */
  get retryable(): boolean {
    return (
      this.status >= 500 ||
      this.status === 429 ||
      this.status === 408 ||
      (this.status === 409 && this.problem.type === REQUEST_IN_PROGRESS)
    );
  }
}

/** The stored sign-in is no longer accepted: the user must sign in again. */
export class SessionExpiredError extends Error {
  constructor(message = 'Sign in again to continue syncing', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SessionExpiredError';
  }

  /** What the person reads: the message in the page's language. */
  get words(): string {
    return speak(WORDS.signInAgain);
  }
}

/** A body that is not problem details (another HR service may send plain text or HTML) still becomes one. */
export function toProblem(status: number, body: unknown, statusText = ''): Problem & Record<string, unknown> {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const detail =
      typeof b.detail === 'string'
        ? b.detail
        : typeof b.message === 'string'
          ? b.message
          : typeof b.error === 'string'
            ? b.error
            : undefined;
    return {
      ...b,
      type: typeof b.type === 'string' ? b.type : 'about:blank',
      title: typeof b.title === 'string' ? b.title : statusText || `HTTP ${status}`,
      status,
      ...(detail !== undefined ? { detail } : {}),
    };
  }
  const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : undefined;
  return { type: 'about:blank', title: statusText || `HTTP ${status}`, status, ...(text ? { detail: text } : {}) };
}

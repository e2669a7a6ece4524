import { summarizeIssues } from '@shared/rules';
import type { Problem, ProblemError } from '@shared/wire';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** A failure the service answers as RFC 9457 problem details. Thrown anywhere; answered by the error handler. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly errors: ProblemError[] | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: string,
    options: {
      errors?: ProblemError[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.errors = options.errors;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  toProblem(instance?: string): Problem & Record<string, unknown> {
    return {
      type: 'about:blank',
      title: titleFor(this.status),
      status: this.status,
      detail: this.message,
      ...(instance ? { instance } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (detail: string, errors?: ProblemError[]) =>
  new HttpProblem(400, detail, errors ? { errors } : {});
/** 400 naming each bad field: the detail sums them up in words, `errors` lets a client mark each one. */
export const invalid = (errors: ProblemError[], summary?: string) =>
  badRequest(summary ?? summarizeIssues(errors), errors);
export const unauthorized = (detail = 'A valid access token is required') =>
  new HttpProblem(401, detail, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (detail = 'You are not allowed to do this') => new HttpProblem(403, detail);
export const notFound = (what = 'Resource') => new HttpProblem(404, `${what} not found`);
export const conflict = (detail: string, errors?: ProblemError[]) =>
  new HttpProblem(409, detail, errors ? { errors } : {});
export const preconditionFailed = (current: unknown) =>
  new HttpProblem(412, 'The record changed since you read it; its current state is in "current"', {
    extra: { current },
  });
export const unprocessable = (detail: string) => new HttpProblem(422, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

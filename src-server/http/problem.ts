import type { FormatMessage } from '@shared/i18n/format';
import { issueWords, summarizeIssues, type FieldIssue } from '@shared/rules';
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
  readonly errors: FieldIssue[] | undefined;
  /** The detail only sums the errors up: it is said again in the reader's language. */
  readonly summarized: boolean;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: string,
    options: {
      errors?: FieldIssue[];
      summarized?: boolean;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.errors = options.errors;
    this.summarized = options.summarized ?? false;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** As the reader gets it: the rulebook's issues (and a detail summing them up) in `format`'s language. */
  toProblem(format?: FormatMessage, instance?: string): Problem & Record<string, unknown> {
    const errors = this.errors?.map((e): ProblemError => ({
      path: e.path,
      message: format ? issueWords(format, e) : e.message,
      ...(e.code ? { code: e.code } : {}),
    }));
    return {
      type: 'about:blank',
      title: titleFor(this.status),
      status: this.status,
      detail: format && this.summarized && this.errors ? summarizeIssues(this.errors, format) : this.message,
      ...(instance ? { instance } : {}),
      ...(errors ? { errors } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (detail: string, errors?: FieldIssue[]) =>
  new HttpProblem(400, detail, errors ? { errors } : {});
/** 400 naming each bad field: the detail sums them up in words, `errors` lets a client mark each one. */
export const invalid = (errors: FieldIssue[], summary?: string) =>
  new HttpProblem(400, summary ?? summarizeIssues(errors), { errors, summarized: summary === undefined });
export const unauthorized = (detail = 'A valid access token is required') =>
  new HttpProblem(401, detail, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (detail = 'You are not allowed to do this') => new HttpProblem(403, detail);
export const notFound = (what = 'Resource') => new HttpProblem(404, `${what} not found`);
export const conflict = (detail: string, errors?: FieldIssue[]) =>
  new HttpProblem(409, detail, errors ? { errors } : {});
export const preconditionFailed = (current: unknown) =>
  new HttpProblem(412, 'The record changed since you read it; its current state is in "current"', {
    extra: { current },
  });
export const unprocessable = (detail: string) => new HttpProblem(422, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

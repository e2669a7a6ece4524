import { defineMessage } from '@formatjs/intl';
import { say, valuesIn, type FormatMessage, type MessageRef, type MessageValue } from '@shared/i18n/format';
import { issueWords, summarizeIssues, type FieldIssue } from '@shared/rules';
import type { Problem, ProblemError } from '@shared/wire';
import { formatIn } from '../i18n/language';

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

/** A problem's detail: a message said in the reader's language, or words no language changes. */
export type Detail = string | MessageRef;

const english = formatIn('en');

/** A message of the catalogs with its values, as a problem's detail or an issue says it later. */
export const ref = (message: { id: string }, values?: Record<string, MessageValue>): MessageRef =>
  values ? { id: message.id, values } : { id: message.id };

/** A detail in English (the log's, the CLI's, `Error.message`). */
export const inEnglish = (detail: Detail): string => (typeof detail === 'string' ? detail : say(english, detail));

/** An issue on `path` said with a message of the service's (its `code` the message's id). */
export const serviceIssue = (path: string, message: { id: string }, values: Record<string, MessageValue> = {}) => ({
  path,
  code: message.id,
  params: values,
  message: english(message.id, valuesIn(english, values)),
});

/** A rule's issue as a detail: the same message and values, said in the reader's language. */
export const issueDetail = (issue: FieldIssue): Detail =>
  issue.code && issue.params ? ref({ id: issue.code }, issue.params) : issue.message;

/** A failure the service answers as RFC 9457 problem details. Thrown anywhere; answered by the error handler. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly errors: FieldIssue[] | undefined;
  /** The detail only sums the errors up: it is said again in the reader's language. */
  readonly summarized: boolean;
  /** The detail as a message, said in the reader's language when answered; `message` holds its English. */
  readonly said: MessageRef | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: Detail,
    options: {
      errors?: FieldIssue[];
      summarized?: boolean;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(inEnglish(detail));
    this.said = typeof detail === 'string' ? undefined : detail;
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
      detail: this.detailIn(format),
      ...(instance ? { instance } : {}),
      ...(errors ? { errors } : {}),
      ...this.extra,
    };
  }

  private detailIn(format: FormatMessage | undefined): string {
    if (!format) return this.message;
    if (this.summarized && this.errors) return summarizeIssues(this.errors, format);
    return this.said ? say(format, this.said) : this.message;
  }
}

const M = {
  unauthorized: defineMessage({ id: 'service.auth.tokenRequired', defaultMessage: 'A valid access token is required' }),
  forbidden: defineMessage({ id: 'service.access.notAllowed', defaultMessage: 'You are not allowed to do this' }),
  notFound: defineMessage<{ thing: NotFoundThing }>({
    id: 'service.notFound',
    defaultMessage:
      '{thing, select, user {User not found} notification {Notification not found} training {Training not found} department {Department not found} calendarFeed {Calendar feed not found} leaveRequest {Leave request not found} form {Form not found} other {Resource not found}}',
  }),
  changed: defineMessage({
    id: 'service.changedSinceRead',
    defaultMessage: 'The record changed since you read it; its current state is in "current"',
  }),
};

/** What a 404 says was not found. */
export type NotFoundThing =
  'user' | 'notification' | 'training' | 'department' | 'calendarFeed' | 'leaveRequest' | 'form' | 'resource';

export const badRequest = (detail: Detail, errors?: FieldIssue[]) =>
  new HttpProblem(400, detail, errors ? { errors } : {});
/** 400 naming each bad field: the detail sums them up in words, `errors` lets a client mark each one. */
export const invalid = (errors: FieldIssue[], summary?: Detail) =>
  new HttpProblem(400, summary ?? summarizeIssues(errors), { errors, summarized: summary === undefined });
export const unauthorized = (detail: Detail = ref(M.unauthorized)) =>
  new HttpProblem(401, detail, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (detail: Detail = ref(M.forbidden)) => new HttpProblem(403, detail);
export const notFound = (what: NotFoundThing = 'resource') => new HttpProblem(404, ref(M.notFound, { thing: what }));
export const conflict = (detail: Detail, errors?: FieldIssue[]) =>
  new HttpProblem(409, detail, errors ? { errors } : {});
export const preconditionFailed = (current: unknown) =>
  new HttpProblem(412, ref(M.changed), {
    extra: { current },
  });
export const unprocessable = (detail: Detail) => new HttpProblem(422, detail);
export const tooManyRequests = (detail: Detail, retryAfterSeconds: number) =>
  new HttpProblem(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

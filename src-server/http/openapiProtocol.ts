import { z } from 'zod';
import { problemSchema } from '@shared/wire';

/** What the document needs to know of a route beyond its schema: how the service's hooks treat it. */
export interface RouteFacts {
  /** Needs no token (sign-in, refresh, public forms, health, the document). */
  open: boolean;
  /** Honours Idempotency-Key: every authenticated write, and the public form answers. */
  keyed: boolean;
  /** Checks If-Match against the record's version (412 when stale). */
  ifMatch: boolean;
  /** Errors the route answers beyond those its kind implies, with why. */
  errors: Readonly<Record<number, string>>;
}

interface Operation {
  parameters?: Record<string, unknown>[];
  requestBody?: unknown;
  responses: Record<string, Record<string, unknown>>;
}
type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const HEADERS = {
  ETag: {
    description:
      "The answer's version. A record's is its version number in quotes (send it back in If-Match); a read's " +
      'is weak and changes when anything in it may have (send it back in If-None-Match).',
    schema: { type: 'string' },
  },
  /** A read's ETag: always sent, so a client can ask again conditionally. */
  ReadETag: {
    description:
      "The answer's version: send it back in If-None-Match, and an unchanged answer is 304 with no body. " +
      'It changes when anything in it may have.',
    required: true,
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: 'Present when this is the kept answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
  Location: { description: 'Where the new record can be read.', schema: { type: 'string' } },
  WWWAuthenticate: { description: 'The scheme to authenticate with: Bearer.', schema: { type: 'string' } },
} as const;

const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      'Any key the client makes for this request (1–255 visible ASCII characters). The same request sent again ' +
      'with it within 24 hours is answered as the first time without being done again; with another method, ' +
      'path or body it is refused (422).',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    description:
      'The ETag of the record as the client last read it (a bare version number is accepted): a stale one is ' +
      'refused with 412 and the record as it is now.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description: 'ETags of answers the client holds: an unchanged answer is 304, with no body.',
    schema: { type: 'string' },
  },
} as const;

const problem = (description: string, headers: Record<string, unknown> = {}, example?: object) => ({
  description,
  headers: { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'), ...headers },
  content: { 'application/problem+json': { schema: ref('schemas', 'Problem'), ...(example ? { example } : {}) } },
});

/** Every error is problem details (RFC 9457); where input was refused, `errors` names each field in words. */
const RESPONSES = {
  BadRequest: problem(
    'The input was refused: `errors` says why, field by field.',
    {},
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The last day is before the first day',
      errors: [{ path: 'endDate', message: 'The last day is before the first day' }],
    },
  ),
  Unauthorized: problem('No access token, or one that is invalid or expired.', {
    'WWW-Authenticate': ref('headers', 'WWWAuthenticate'),
  }),
  Forbidden: problem("Outside the caller's role or scope."),
  NotFound: problem('Not found in the caller’s organization.'),
  Conflict: problem(
    'In conflict with how the record stands; or a request with the same Idempotency-Key is still running ' +
      '(Retry-After says when to try again).',
    { 'Retry-After': ref('headers', 'RetryAfter') },
  ),
  PreconditionFailed: problem('If-Match named an older version: `current` is the record as it is now.'),
  ContentTooLarge: problem('The body is too large.'),
  UnsupportedMediaType: problem('The body is not JSON.'),
  UnprocessableContent: problem('This Idempotency-Key was already used for a different request.'),
  TooManyRequests: problem('Too many attempts: Retry-After says when to try again.', {
    'Retry-After': ref('headers', 'RetryAfter'),
  }),
  ServiceUnavailable: problem('The change could not be saved just now and nothing was kept: try again.', {
    'Retry-After': ref('headers', 'RetryAfter'),
  }),
  NotModified: {
    description: 'Unchanged since the ETag sent in If-None-Match; no body.',
    headers: { ETag: ref('headers', 'ReadETag') },
  },
} as const;

const STREAM = '/api/events';

const SUCCESS: Record<string, string> = { 200: 'The answer', 201: 'Created: the new record', 202: 'Accepted' };

const STANDARD: Record<number, keyof typeof RESPONSES> = {
  304: 'NotModified',
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/** A record's id by its name: `id`, `userId`, `formId`, … */
const NAMES_RECORD = /^(id|\w+Id)$/;

/** Whether a request names a record (in its path, query or body) that may not be found. */
function namesRecord(op: Operation): boolean {
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header').map((p) => String(p.name));
  const body = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)
    ?.content?.['application/json']?.schema?.properties;
  return [...params, ...Object.keys(body ?? {})].some((name) => NAMES_RECORD.test(name));
}

/** The statuses a route can answer besides its success, from what it is. */
function statusesOf(method: string, path: string, op: Operation, facts: RouteFacts): number[] {
  const writes = method !== 'get';
  const named = path.includes('{') || namesRecord(op);
  const takesInput = Boolean(op.requestBody) || (op.parameters ?? []).some((p) => p.in !== 'header') || facts.keyed;
  const statuses = [
    method === 'get' && path !== STREAM ? 304 : 0,
    takesInput ? 400 : 0,
    facts.open ? 0 : 401,
    facts.open ? 0 : 403,
    named ? 404 : 0,
    writes ? 409 : 0,
    facts.ifMatch ? 412 : 0,
    op.requestBody ? 413 : 0,
    op.requestBody ? 415 : 0,
    facts.keyed ? 422 : 0,
    // A write whose batch could not be committed is answered 503 (nothing kept).
    writes ? 503 : 0,
    ...Object.keys(facts.errors).map(Number),
  ];
  return [...new Set(statuses.filter(Boolean))].sort((a, b) => a - b);
}

/** A success answer's headers: its ETag, where a new record is, whether it was replayed. */
function successHeaders(method: string, path: string, status: string, facts: RouteFacts): Record<string, unknown> {
  // The event stream is no read to repeat: it has no ETag.
  if (path === STREAM) return {};
  return {
    ETag: ref('headers', method === 'get' ? 'ReadETag' : 'ETag'),
    ...(status === '201' ? { Location: ref('headers', 'Location') } : {}),
    ...(facts.keyed ? { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') } : {}),
  };
}

/**
 * The protocol around every route, added to the document the routes' schemas made: conditional
 * reads, versions and If-Match, Idempotency-Key and its replays, and the errors each route can
 * answer, as shared components.
 */
export function withProtocol(doc: Doc, factsOf: (method: string, path: string) => RouteFacts): Doc {
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const facts = factsOf(method, path);
      const statuses = statusesOf(method, path, op, facts);
      op.parameters = [
        ...(op.parameters ?? []),
        ...(method === 'get' && path !== STREAM ? [ref('parameters', 'IfNoneMatch')] : []),
        ...(facts.ifMatch ? [ref('parameters', 'IfMatch')] : []),
        ...(facts.keyed ? [ref('parameters', 'IdempotencyKey')] : []),
      ];
      if (op.parameters.length === 0) delete op.parameters;
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        answer.headers = successHeaders(method, path, status, facts);
        if (answer.description === 'Default Response') answer.description = SUCCESS[status] ?? 'Done';
      }
      for (const status of statuses) {
        const why = facts.errors[status];
        op.responses[status] = why
          ? problem(why, status === 429 ? { 'Retry-After': ref('headers', 'RetryAfter') } : {})
          : ref('responses', STANDARD[status]!);
      }
    }
  }
  const problemJson = z.toJSONSchema(problemSchema, { target: 'draft-2020-12' });
  delete problemJson.$schema;
  const used = JSON.stringify(doc.paths);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Problem: problemJson },
    headers: HEADERS,
    parameters: PARAMETERS,
    // A kind of error no route answers with the shared words (sign-in's 429 has its own) is left out.
    responses: Object.fromEntries(
      Object.entries(RESPONSES).filter(([name]) => used.includes(`"#/components/responses/${name}"`)),
    ),
  };
  return doc;
}

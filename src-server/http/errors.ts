import { defineMessage } from '@formatjs/intl';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatIn, requestLocale } from '../i18n/language';
import { HttpProblem, titleFor } from './problem';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

const M = {
  invalidJson: defineMessage({
    id: 'service.request.invalidJson',
    defaultMessage: 'The request body is not valid JSON',
  }),
  emptyJson: defineMessage({
    id: 'service.request.emptyJson',
    defaultMessage: 'The request body is empty but its Content-Type is application/json',
  }),
  mediaType: defineMessage({ id: 'service.request.mediaType', defaultMessage: 'Send the body as application/json' }),
  tooLarge: defineMessage({ id: 'service.request.tooLarge', defaultMessage: 'The request body is too large' }),
  raced: defineMessage({
    id: 'service.request.raced',
    defaultMessage: 'Something of the same name or email was made at the same moment: look again, then try again',
  }),
  failed: defineMessage({
    id: 'service.request.failed',
    defaultMessage: 'Something went wrong on the service; the request was not completed',
  }),
  noRoute: defineMessage<{ method: string; path: string }>({
    id: 'service.request.noRoute',
    defaultMessage: 'No route {method} {path}',
  }),
};

/** Framework errors a client caused, in words a client can act on: a message, or the framework's own English. */
function clientErrorDetail(error: FastifyError): { id: string } | string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return M.invalidJson;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return M.emptyJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return M.mediaType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return M.tooLarge;
    default:
      return error instanceof SyntaxError ? M.invalidJson : error.message;
  }
}

/** Problem details of the handler's own, in the request's language. */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: { id: string } | string,
  values?: Record<string, string>,
) {
  const locale = requestLocale(request);
  const words = typeof detail === 'string' ? detail : formatIn(locale)(detail.id, values);
  return reply
    .code(status)
    .header('content-language', locale)
    .header('vary', 'Accept-Language')
    .type(PROBLEM_TYPE)
    .send({ type: 'about:blank', title: titleFor(status), status, detail: words });
}

/** A unique constraint refused a write: SQLite's code, or PostgreSQL's SQLSTATE. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Every error leaves the service as problem details; nothing a client sends yields a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      // Refusals in the request's language; the same path and code in every one.
      const locale = requestLocale(request);
      return reply
        .code(error.status)
        .headers(error.headers)
        .header('content-language', locale)
        .header('vary', 'Accept-Language')
        .type(PROBLEM_TYPE)
        .send(error.toProblem(formatIn(locale)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return answer(request, reply, status, clientErrorDetail(error));
    // Two requests racing to make the same thing (an email, a name): the second is told, not failed.
    if (isUniqueViolation(error)) return answer(request, reply, 409, M.raced);
    request.log.error({ err: error }, 'unhandled error');
    return answer(request, reply, 500, M.failed);
  });

  app.setNotFoundHandler((request, reply) =>
    answer(request, reply, 404, M.noRoute, { method: request.method, path: request.url.split('?')[0]! }),
  );
}

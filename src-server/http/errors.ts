import type { FastifyError, FastifyInstance } from 'fastify';
import { formatIn, requestLocale } from '../i18n/language';
import { HttpProblem, titleFor } from './problem';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** Framework errors a client caused, in words a client can act on. */
function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but its Content-Type is application/json';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
  }
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
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .type(PROBLEM_TYPE)
        .send({ type: 'about:blank', title: titleFor(status), status, detail: clientErrorDetail(error) });
    }
    // Two requests racing to make the same thing (an email, a name): the second is told, not failed.
    if (isUniqueViolation(error)) {
      return reply
        .code(409)
        .type(PROBLEM_TYPE)
        .send({
          type: 'about:blank',
          title: titleFor(409),
          status: 409,
          detail: 'Something of the same name or email was made at the same moment: look again, then try again',
        });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .type(PROBLEM_TYPE)
      .send({
        type: 'about:blank',
        title: titleFor(500),
        status: 500,
        detail: 'Something went wrong on the service; the request was not completed',
      });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type(PROBLEM_TYPE)
      .send({
        type: 'about:blank',
        title: titleFor(404),
        status: 404,
        detail: `No route ${request.method} ${request.url.split('?')[0]}`,
      }),
  );
}

import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';

export interface LogOptions {
  level: string;
  /** Where log lines go; standard output when absent. */
  stream?: Writable;
}

interface RawRequest {
  method?: string;
  url?: string;
  socket?: { remoteAddress?: string };
}

/** Paths whose callers the service must not record: answers to anonymous forms come through here. */
const UNTRACED = /^\/api\/forms\/submit\//;

/**
 * Request logs hold method, path and, except for form answers, the caller's address: never
 * headers (tokens), bodies (passwords, answers) or query strings (search terms about people).
 */
export function loggerOptions(options: LogOptions | false): FastifyServerOptions['logger'] {
  if (!options) return false;
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    serializers: {
      req(request: RawRequest) {
        const path = (request.url ?? '').split('?')[0] ?? '';
        return {
          method: request.method,
          path,
          ...(UNTRACED.test(path) ? {} : { remoteAddress: request.socket?.remoteAddress }),
        };
      },
    },
  };
}

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preconditionFailed } from './problem';

/** A single record's ETag is its version (CONTRACT ext). */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/** Sends one record with its ETag. */
export function sendRecord<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header('etag', versionTag(record.version));
  return record;
}

function parseTags(header: string): string[] {
  return header.split(',').map((t) => t.trim().replace(/^W\//, ''));
}

/**
 * If-Match on PUT, PATCH and DELETE: a stale version is 412, and the body carries the
 * record as it is now so the client can show both sides. A bare version number is
 * accepted too, for clients that do not quote.
 */
export function checkIfMatch(request: FastifyRequest, current: { version: number }, currentBody: unknown): void {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '') return;
  const tags = parseTags(header);
  if (tags.includes('*')) return;
  const expected = versionTag(current.version);
  if (!tags.some((t) => t === expected || t === String(current.version))) {
    throw preconditionFailed(currentBody);
  }
}

/**
 * Every successful GET carries an ETag (a hash of the body for lists) and answers 304 to a
 * matching If-None-Match, so an unchanged collection costs one small round trip.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let tag = reply.getHeader('etag');
    if (typeof tag !== 'string') {
      tag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', tag);
    }
    reply.header('cache-control', 'private, no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string') {
      const wanted = parseTags(ifNoneMatch);
      if (wanted.includes('*') || wanted.includes(tag.replace(/^W\//, ''))) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
    }
    return payload;
  });
}

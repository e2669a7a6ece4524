import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preconditionFailed } from './problem';

declare module 'fastify' {
  interface FastifyRequest {
    /** The cheap ETag of a signed-in GET, from the change counter. */
    listTag?: string;
  }
}

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
  // For a signed-in caller, a list's ETag comes from the organization's change counter (moved by
  // triggers on every write), the caller, the URL and the day: a matching If-None-Match is
  // answered 304 before the list is read at all.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.optionalCaller) return;
    const row = request.tenant.get<{ counter: number }>(
      'SELECT counter FROM change_counters WHERE organization_id = :org',
    );
    const day = app.hr.clock.now().toISOString().slice(0, 10);
    const tag = `W/"c${row?.counter ?? 0}-${createHash('sha256')
      .update(`${request.optionalCaller.userId}\n${request.url}\n${day}`)
      .digest('base64url')
      .slice(0, 16)}"`;
    request.listTag = tag;
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && parseTags(ifNoneMatch).includes(tag.replace(/^W\//, ''))) {
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      return reply.code(304).send();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let tag = reply.getHeader('etag');
    if (typeof tag !== 'string') {
      tag = request.listTag ?? `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
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

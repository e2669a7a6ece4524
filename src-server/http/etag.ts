import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../i18n/language';
import { preconditionFailed } from './problem';
import { KeptMap } from '../system/keptMap';
import { CACHED_HEADERS, ResponseCache } from './responseCache';

/** Room for about a thousand list pages; a first sync of 2,000 people is about 18 MB. */
const RESPONSE_CACHE_SIZE = 48 * 1024 * 1024;
const KEPT_REQUEST_DIGESTS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The counter part of a signed-in GET's ETag (counter, caller, URL, day, language): the response cache's key. */
    listTag?: string;
    /** Whether the answer came from the response cache rather than the route. */
    servedFromCache?: boolean;
  }
}

/** A single record's ETag is its version (docs/service.md, Extensions: versions). */
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
  // The document lists If-Match and 412 from the route's config: a route checking it must say so.
  if (request.routeOptions.config.ifMatch !== true)
    throw new Error(`${request.routeOptions.url} checks If-Match unsaid`);
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '') return;
  const tags = parseTags(header);
  if (tags.includes('*')) return;
  const expected = versionTag(current.version);
  if (!tags.some((t) => t === expected || t === String(current.version))) {
    throw preconditionFailed(currentBody);
  }
}

/** A 16-character digest, for the parts of a list's ETag. */
function digest(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** The content part of a list's ETag (after the last '.'), or null for another kind of tag. */
function contentPart(tag: string): string | null {
  const dot = tag.lastIndexOf('.');
  return dot < 0 ? null : tag.slice(dot + 1, -1);
}

/**
 * Every successful GET carries an ETag and answers 304 to a matching If-None-Match. A signed-in
 * list's tag is `W/"c<counter>-<caller, URL, day and language>.<content>"`: while the organization's change
 * counter stands still, a tag with the current counter part is answered 304 before the list is
 * read at all, and the body built for it is kept and sent again; once anything in the
 * organization changed, the list is built again and a tag with the same content part is still a
 * 304 (with the new tag), so a colleague's write one cannot see costs no body.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  const responses = new ResponseCache(RESPONSE_CACHE_SIZE);
  // The caller-URL-day part of the tag, kept: a client asks for the same pages again and again,
  // and hashing it anew was a twentieth of a cached page's processor.
  const asked = new KeptMap<string, string>(KEPT_REQUEST_DIGESTS);
  const askedFor = (text: string): string => {
    let part = asked.get(text);
    if (part === undefined) {
      part = digest(text);
      asked.set(text, part);
    }
    return part;
  };

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.optionalCaller) return;
    const day = app.hr.clock.now().toISOString().slice(0, 10);
    // The language is part of what was asked: an export's headers are written in it.
    const what = `${request.optionalCaller.userId}\n${request.url}\n${day}\n${requestLocale(request)}`;
    const state = `c${request.changeCounter}-${askedFor(what)}`;
    request.listTag = state;
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string') {
      const known = parseTags(ifNoneMatch).find((t) => t.startsWith(`"${state}.`));
      if (known) {
        reply.header('etag', `W/${known}`).header('cache-control', 'private, no-cache');
        return reply.code(304).send();
      }
    }
    // A request that says `Cache-Control: no-cache` gets a body built afresh (RFC 9111 5.2.1.4).
    const hit = /no-cache/i.test(request.headers['cache-control'] ?? '') ? undefined : responses.get(state);
    if (hit) {
      request.servedFromCache = true;
      return reply.headers(hit.headers).send(hit.payload);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const cached = request.servedFromCache === true;
    if (typeof payload !== 'string' && !(cached && Buffer.isBuffer(payload))) return payload;
    let tag = reply.getHeader('etag');
    if (typeof tag !== 'string') {
      tag = request.listTag ? `W/"${request.listTag}.${digest(payload)}"` : `W/"${digest(payload)}"`;
      reply.header('etag', tag);
    }
    reply.header('cache-control', 'private, no-cache');
    if (request.listTag && typeof payload === 'string' && !cached) {
      const headers: Record<string, string> = {};
      for (const name of CACHED_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      responses.set(request.listTag, { payload: Buffer.from(payload), headers });
    }
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string') {
      const wanted = parseTags(ifNoneMatch);
      const current = tag.replace(/^W\//, '');
      const content = contentPart(current);
      if (wanted.some((t) => t === '*' || t === current || (content !== null && contentPart(t) === content))) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
    }
    return payload;
  });
}

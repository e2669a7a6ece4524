import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { ref, unauthorized } from '../http/problem';
import { AUTH } from '../auth/authMessages';
import type { Stream, StreamEvent } from './eventHub';

/** A comment line every 25 s: proxies keep the connection, and the client knows it is alive. */
export const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/events` (ext): the caller's change events as Server-Sent Events (docs/service.md, Event
 * stream). Each names the lists that changed for the caller and the organization's change counter,
 * never a record; `Last-Event-ID` resumes; the stream closes when its access token expires, and
 * when its person signs out.
 */
export function registerEventRoutes(app: FastifyInstance, heartbeatMs = HEARTBEAT_MS): void {
  app.get(
    '/api/events',
    {
      schema: {
        summary: 'Change events for the caller (Server-Sent Events)',
        response: {
          200: {
            description:
              'A stream of `changed` events naming lists and their change counter, with a heartbeat comment every 25 s',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { caller } = request;
      const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')![1]!;
      const { exp = 0, iat = 0 } = decodeJwt(token);
      if (app.hr.events.issuedBeforeSignOut(caller.userId, iat)) {
        throw unauthorized(ref(AUTH.signedOut));
      }
      const last = request.headers['last-event-id'];
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Nginx and the like: pass each event on as it comes.
        'x-accel-buffering': 'no',
      });
      // How long a client waits before coming back after the stream ends.
      raw.write('retry: 2000\n\n');
      let unsubscribe = () => {};
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        for (const t of timers) clearTimeout(t);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      };
      const stream: Stream = {
        userId: caller.userId,
        send: (event: StreamEvent) => {
          raw.write(
            `id: ${event.id}\nevent: changed\ndata: ${JSON.stringify({ lists: event.lists, counter: event.counter })}\n\n`,
          );
        },
        close: end,
      };
      unsubscribe = app.hr.events.subscribe(caller.organizationId, stream, typeof last === 'string' ? last : undefined);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      timers.push(heartbeat);
      const left = exp * 1000 - app.hr.clock.now().getTime();
      const expiry = setTimeout(end, Math.max(0, left));
      expiry.unref();
      timers.push(expiry);
      request.raw.on('close', end);
    },
  );
}

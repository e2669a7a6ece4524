import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { utcToday } from '@shared/calendar/dates';
import { calendarFeedCreateSchema, calendarFeedListSchema, calendarFeedSchema, type CalendarFeed } from '@shared/wire';
import { hasRole } from '../access/scope';
import { hashOf } from '../auth/oneTimeTokens';
import { readChangeCounters } from '../db/engine/changeCounters';
import { newId } from '../db/ids';
import { TenantDb } from '../db/tenantDb';
import { listMeta } from '../db/engine/pages';
import { bodies } from '../http/examples';
import { NO_CONTENT } from '../http/openapi';
import { defineMessage } from '@formatjs/intl';
import { conflict, forbidden, notFound, ref } from '../http/problem';

const M = {
  teamForManagers: defineMessage({
    id: 'service.feeds.teamForManagers',
    defaultMessage: 'A team calendar is for managers and admins: subscribe to your own leave or your department’s',
  }),
  noDepartment: defineMessage({
    id: 'service.feeds.noDepartment',
    defaultMessage: 'You are in no department yet: subscribe to your own leave, or ask an admin to add you to one',
  }),
  tooMany: defineMessage<{ count: number }>({
    id: 'service.feeds.tooMany',
    defaultMessage: 'You have {count} calendar feeds already: revoke one you no longer use first',
  }),
};
import { parseInput } from '../http/validate';
import { KeptMap } from '../system/keptMap';
import { findUserRow } from '../users/userStore';
import { linkBase } from '../users/invitations';
import { feedCalendar } from './feedCalendar';
import { deleteFeed, feedByTokenHash, feedsOf, insertFeed, MAX_FEEDS_A_PERSON } from './feedStore';

/** The feeds whose last answer is kept, least recently polled first out. */
const KEPT_FEEDS = 2_000;

/** How long a subscribing calendar may keep an answer before asking again (it asks with its ETag). */
const FEED_MAX_AGE_SECONDS = 900;

interface KeptAnswer {
  /** The organization's change counter and the day it was built for: while both stand, it stands. */
  state: string;
  body: Buffer;
  etag: string;
}

const idParams = z.object({ id: z.string().min(1) });
const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{22,}\.ics$/) });

/**
 * Calendar feeds (ext): a person makes a secret address for their own leave, their team's or their
 * department's; a calendar application subscribes to it and polls it without a token. A poll is
 * answered from the feed's last answer until a write in its organization (or a new day) may have
 * changed it, and 304 to its ETag.
 */
export function registerCalendarFeedRoutes(app: FastifyInstance): void {
  const hr = app.hr;
  const kept = new KeptMap<string, KeptAnswer>(KEPT_FEEDS);

  app.post(
    '/api/calendar-feeds',
    {
      config: { errors: { 409: 'A department calendar needs a department; at most 20 feeds a person.' } },
      schema: {
        summary: 'Make a calendar feed: a secret address to subscribe to',
        body: bodies.calendarFeedCreate,
        response: { 201: calendarFeedSchema },
      },
    },
    async (request, reply) => {
      const body = parseInput(calendarFeedCreateSchema, request.body, 'body');
      const { tenant, caller } = request;
      if (body.scope === 'TEAM' && !hasRole(caller, 'MANAGER')) {
        throw forbidden(ref(M.teamForManagers));
      }
      const token = randomBytes(32).toString('base64url');
      const feed: CalendarFeed = {
        id: newId(),
        scope: body.scope,
        includePending: body.includePending ?? false,
        createdAt: hr.clock.now().toISOString(),
      };
      await tenant.transaction(async () => {
        if (body.scope === 'DEPARTMENT' && !(await findUserRow(tenant, caller.userId))?.department_id) {
          throw conflict(ref(M.noDepartment));
        }
        if ((await feedsOf(tenant, caller.userId)).length >= MAX_FEEDS_A_PERSON) {
          throw conflict(ref(M.tooMany, { count: MAX_FEEDS_A_PERSON }));
        }
        await insertFeed(tenant, { ...feed, userId: caller.userId, tokenHash: hashOf(token) });
      });
      reply.code(201).header('location', `/api/calendar-feeds/${feed.id}`);
      return { ...feed, url: `${linkBase(hr, request)}/feeds/${token}.ics` };
    },
  );

  app.get(
    '/api/calendar-feeds',
    {
      schema: {
        summary: 'My calendar feeds (their addresses are not shown again)',
        response: { 200: calendarFeedListSchema },
      },
    },
    async (request) => {
      const data = await feedsOf(request.tenant, request.caller.userId);
      return { data, meta: listMeta({ page: 1, pageSize: Math.max(1, data.length) }, data.length) };
    },
  );

  app.delete(
    '/api/calendar-feeds/:id',
    {
      schema: {
        summary: 'Revoke one of my calendar feeds: its address answers 404 from now on',
        response: { 204: NO_CONTENT },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const gone = await request.tenant.transaction(() => deleteFeed(request.tenant, request.caller.userId, id));
      if (!gone) throw notFound('calendarFeed');
      kept.delete(id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/feeds/:file',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'A calendar feed, by its secret address (no token: the address is the key)',
        response: {
          200: { description: 'RFC 5545', content: { 'text/calendar': { schema: { type: 'string' } } } },
          304: { description: 'Unchanged since the ETag sent', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const parsed = feedParams.safeParse(request.params);
      const feed = parsed.success ? await feedByTokenHash(hr.engine, hashOf(parsed.data.file.slice(0, -4))) : undefined;
      if (!feed) throw notFound('calendarFeed');
      const today = utcToday(hr.clock.now());
      const { counter } = await readChangeCounters(hr.engine, feed.organizationId);
      const state = `${counter}:${today}`;
      let answer = kept.get(feed.id);
      if (answer?.state !== state) {
        const tenant = new TenantDb(hr.engine, feed.organizationId);
        const text = await tenant.transaction(() => feedCalendar(tenant, feed, today));
        if (text === null) {
          kept.delete(feed.id);
          throw notFound('calendarFeed');
        }
        const body = Buffer.from(text);
        answer = { state, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
      }
      kept.set(feed.id, answer);
      reply
        .header('etag', answer.etag)
        .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('x-robots-tag', 'noindex');
      const wanted = request.headers['if-none-match'];
      if (typeof wanted === 'string' && wanted.split(',').some((t) => t.trim().replace(/^W\//, '') === answer.etag)) {
        return reply.code(304).send();
      }
      return reply.type('text/calendar; charset=utf-8').send(answer.body);
    },
  );
}

import { leaveRecordedWords, leaveSubmittedWords } from '@shared/records/notificationWords';
import type { FastifyInstance } from 'fastify';
import { utcToday } from '@shared/calendar/dates';
import { leaveListQuerySchema, upcomingQuerySchema, leaveListSchema, leaveSchema, type Leave } from '@shared/wire';
import { defineMessage } from '@formatjs/intl';
import { conflict, forbidden, invalid, notFound, ref } from '../http/problem';

const M = {
  adminForOthers: defineMessage({
    id: 'service.leave.adminForOthers',
    defaultMessage: 'Only an admin records leave for someone else',
  }),
  ownerLeft: defineMessage<{ name: string; endDate: string }>({
    id: 'service.leave.ownerLeft',
    defaultMessage: '{name} left on {endDate}: no leave is recorded for them',
  }),
};
import { hasRole, listScope, requireInScope } from '../access/scope';
import { newId } from '../db/ids';
import { checkIfMatch, sendRecord } from '../http/etag';
import { parseInput } from '../http/validate';
import { notify } from '../notifications/notify';
import { findPerson } from '../users/userStore';
import { registerCalendarRoute } from './calendar';
import { deleteLeave, insertLeave, leavePage, updateLeave } from './leaveStore';
import { assertNoOverlap, assertNotBlocked, assertWithinFloor, checkedLeaveDates, countingFor } from './leaveRules';
import { registerBalanceRoutes } from './balanceRoutes';
import {
  blockedIssue,
  blockedWords,
  blockingPeriod,
  hasLeft,
  leaveCreateSchema,
  leaveUpdateSchema,
} from '@shared/rules';
import { bodies } from '../http/examples';
import { idParams, loadLeave, requireOwner, requirePending } from './leaveChecks';
import { registerReviewRoutes } from './reviewRoutes';

export function registerLeaveRoutes(app: FastifyInstance): void {
  const now = () => app.hr.clock.now();

  app.get(
    '/api/leave',
    {
      schema: {
        summary: 'Leave requests the caller may see, paged',
        querystring: leaveListQuerySchema,
        response: { 200: leaveListSchema },
      },
    },
    async (request) => {
      const q = parseInput(leaveListQuerySchema, request.query, 'query');
      const { tenant, caller } = request;
      const userId = q.userId ?? caller.userId;
      const person = await findPerson(tenant, userId);
      if (!person) throw notFound('user');
      requireInScope(caller, person, 'leave');
      return leavePage(request.tenant, { userId, status: q.status }, { by: 'startDate', order: 'desc' }, q);
    },
  );

  app.post(
    '/api/leave',
    { schema: { summary: 'Ask for leave', body: bodies.leaveCreate, response: { 201: leaveSchema } } },
    async (request, reply) => {
      const body = parseInput(leaveCreateSchema, request.body, 'body');
      const { tenant, caller } = request;
      const forSomeone = body.userId !== undefined && body.userId !== caller.userId;
      if (forSomeone && !hasRole(caller, 'ADMIN')) throw forbidden(ref(M.adminForOthers));
      const owner = await findPerson(tenant, body.userId ?? caller.userId);
      if (!owner) throw notFound('user');
      const at = now().toISOString();
      if (forSomeone && hasLeft(owner.endDate, utcToday(now()))) {
        throw conflict(ref(M.ownerLeft, { name: `${owner.firstName} ${owner.lastName}`, endDate: owner.endDate! }));
      }
      const counting = await countingFor(tenant, owner);
      const { days, ...dates } = checkedLeaveDates(body, counting);
      // An admin recording leave for someone may do so over a blocked period: the request names it.
      const blocked = blockingPeriod(body, body.type, counting.policy);
      if (blocked && !forSomeone) throw invalid([blockedIssue(blocked, body.type)]);
      const leave: Leave = {
        id: newId(),
        userId: owner.id,
        ...dates,
        type: body.type,
        notes: body.notes ?? null,
        status: forSomeone ? 'APPROVED' : 'PENDING',
        days,
        reviewedBy: forSomeone ? caller.userId : null,
        reviewedAt: forSomeone ? at : null,
        reviewComment: null,
        recordedBy: forSomeone ? caller.userId : null,
        overrode: blocked ? blockedWords(blocked) : null,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      await tenant.transaction(
        async () => {
          await assertNoOverlap(tenant, owner.id, dates, null);
          await assertWithinFloor(tenant, owner, leave, utcToday(now()), counting.policy);
          await insertLeave(tenant, leave);
          const recorder = forSomeone ? await findPerson(tenant, caller.userId) : null;
          const tell = forSomeone
            ? {
                userId: owner.id,
                type: 'LEAVE_APPROVED' as const,
                words: leaveRecordedWords(`${recorder!.firstName} ${recorder!.lastName}`, leave.type, dates, days),
              }
            : owner.managerId
              ? {
                  userId: owner.managerId,
                  type: 'LEAVE_SUBMITTED' as const,
                  words: leaveSubmittedWords(`${owner.firstName} ${owner.lastName}`, leave.type, dates, days),
                }
              : null;
          if (tell) await notify(tenant, { ...tell, data: { leaveId: leave.id } }, now());
        },
        'write',
        { person: owner.id },
      );
      reply.code(201).header('location', `/api/leave/${leave.id}`);
      return sendRecord(reply, leave);
    },
  );

  app.get(
    '/api/leave/upcoming',
    {
      schema: {
        summary: 'Approved leave to come',
        response: { 200: leaveListSchema },
        querystring: upcomingQuerySchema,
      },
    },
    async (request) => {
      const q = parseInput(upcomingQuerySchema, request.query, 'query');
      return leavePage(
        request.tenant,
        { only: 'APPROVED', endingFrom: `${utcToday(now())}T00:00:00.000Z`, scope: listScope(request.caller) },
        { by: q.sortBy, order: q.sortOrder },
        q,
      );
    },
  );

  registerReviewRoutes(app);
  registerCalendarRoute(app);
  registerBalanceRoutes(app);

  app.get(
    '/api/leave/:id',
    { schema: { summary: 'One leave request', response: { 200: leaveSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { leave, owner } = await loadLeave(request.tenant, id);
      requireInScope(request.caller, owner, 'leave');
      return sendRecord(reply, leave);
    },
  );

  app.put(
    '/api/leave/:id',
    {
      config: { ifMatch: true },
      schema: {
        summary: 'Change a pending request (its owner)',
        response: { 200: leaveSchema },
        body: bodies.leaveUpdate,
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const body = parseInput(leaveUpdateSchema, request.body, 'body');
      const { tenant, caller } = request;
      const updated = await tenant.transaction(
        async () => {
          const { leave, owner } = await loadLeave(tenant, id);
          requireOwner(caller, leave);
          checkIfMatch(request, leave, leave);
          requirePending(leave, 'changed');
          const counting = await countingFor(tenant, owner);
          const { days, ...dates } = checkedLeaveDates(body, counting);
          assertNotBlocked(body, counting.policy);
          await assertNoOverlap(tenant, leave.userId, dates, leave.id);
          const next: Leave = {
            ...leave,
            ...dates,
            type: body.type,
            notes: body.notes === undefined ? leave.notes : body.notes,
            days,
            updatedAt: now().toISOString(),
            version: leave.version + 1,
          };
          await assertWithinFloor(tenant, owner, next, utcToday(now()), counting.policy);
          await updateLeave(tenant, next);
          return next;
        },
        'write',
        { person: caller.userId },
      );
      return sendRecord(reply, updated);
    },
  );

  app.delete(
    '/api/leave/:id',
    {
      config: { ifMatch: true },
      schema: {
        summary: 'Withdraw a pending request (its owner)',
        response: { 204: { description: 'Withdrawn', type: 'null' } },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant, caller } = request;
      await tenant.transaction(
        async () => {
          const { leave } = await loadLeave(tenant, id);
          requireOwner(caller, leave);
          checkIfMatch(request, leave, leave);
          requirePending(leave, 'withdrawn');
          await deleteLeave(tenant, id);
        },
        'write',
        { person: caller.userId },
      );
      return reply.code(204).send();
    },
  );
}

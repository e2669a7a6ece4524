import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { utcToday } from '@shared/calendar/dates';
import {
  leaveListQuerySchema,
  leaveStatusUpdateSchema,
  pendingApprovalsQuerySchema,
  teamQuerySchema,
  upcomingQuerySchema,
  leaveListSchema,
  leaveSchema,
  type Leave,
} from '@shared/wire';
import { hasRole, requireInScope, requireRole, scopeCondition, type Caller } from '../access/scope';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { checkIfMatch, sendRecord } from '../http/etag';
import { listMeta } from '../http/paging';
import { conflict, forbidden, notFound } from '../http/problem';
import { offlineActionTime } from '../http/offlineTime';
import { parseInput } from '../http/validate';
import { notify } from '../notifications/notify';
import { findPerson, type PersonRecord } from '../users/userStore';
import { registerCalendarRoute } from './calendar';
import { deleteLeave, findLeave, insertLeave, leavePage, updateLeave } from './leaveStore';
import { assertNoOverlap, assertWithinFloor, checkedLeaveDates, describeLeave } from './leaveRules';
import { registerBalanceRoutes } from './balanceRoutes';
import { notPendingMessage, leaveCreateSchema, leaveUpdateSchema } from '@shared/rules';
import { bodies } from '../http/examples';

const idParams = z.object({ id: z.string().min(1) });

const SORT_COLUMNS = {
  createdAt: 'created_at',
  startDate: 'start_date',
  endDate: 'end_date',
  status: 'status',
  type: 'type',
} as const;

interface Owned {
  leave: Leave;
  owner: PersonRecord;
}

/** The request if it is in the organization (else 404), with its owner. */
async function loadLeave(tenant: TenantDb, id: string): Promise<Owned> {
  const leave = await findLeave(tenant, id);
  const owner = leave && (await findPerson(tenant, leave.userId));
  if (!leave || !owner) throw notFound('Leave request');
  return { leave, owner };
}

function requireOwner(caller: Caller, leave: Leave): void {
  if (leave.userId !== caller.userId) throw forbidden('Only the person who asked for this leave may change it');
}

function requirePending(leave: Leave, action: 'changed' | 'withdrawn' | 'decided'): void {
  const message = notPendingMessage(leave.status, action);
  if (message) throw conflict(message);
}

/** The owner's manager or an ADMIN may decide; nobody decides their own request. */
function requireReviewer(caller: Caller, owner: PersonRecord): void {
  if (owner.id === caller.userId) throw forbidden('You cannot approve or reject your own request');
  if (caller.role === 'ADMIN') return;
  if (caller.role === 'MANAGER' && owner.managerId === caller.userId) return;
  throw forbidden("Only this person's manager or an admin can decide this request");
}

/** SQL for the requests a caller may decide, or null when they may decide none. */
function decidableCondition(caller: Caller): { sql: string; params: Record<string, unknown> } | null {
  if (caller.role === 'ADMIN') return { sql: 'user_id != :me', params: { me: caller.userId } };
  if (caller.role === 'MANAGER') {
    return {
      sql: 'user_id IN (SELECT id FROM users WHERE organization_id = :org AND manager_id = :me)',
      params: { me: caller.userId },
    };
  }
  return null;
}

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
      if (!person) throw notFound('User');
      requireInScope(caller, person, "this person's leave");
      const where = ['organization_id = :org', 'user_id = :userId'];
      if (q.status) where.push('status = :status');
      return leavePage(request.tenant, where, { userId, status: q.status }, 'start_date DESC', q);
    },
  );

  app.post(
    '/api/leave',
    { schema: { summary: 'Ask for leave', body: bodies.leaveCreate, response: { 201: leaveSchema } } },
    async (request, reply) => {
      const body = parseInput(leaveCreateSchema, request.body, 'body');
      const { tenant, caller } = request;
      const owner = (await findPerson(tenant, caller.userId))!;
      const { days, ...dates } = checkedLeaveDates(body, owner.nationality);
      const at = now().toISOString();
      const leave: Leave = {
        id: newId(),
        userId: caller.userId,
        ...dates,
        type: body.type,
        notes: body.notes ?? null,
        status: 'PENDING',
        days,
        reviewedBy: null,
        reviewedAt: null,
        reviewComment: null,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      await tenant.transaction(async () => {
        await assertNoOverlap(tenant, caller.userId, dates, null);
        await assertWithinFloor(tenant, owner, leave, utcToday(now()));
        await insertLeave(tenant, leave);
        if (owner.managerId) {
          await notify(
            tenant,
            {
              userId: owner.managerId,
              type: 'LEAVE_SUBMITTED',
              title: `Leave request from ${owner.firstName} ${owner.lastName}`,
              body: describeLeave(leave.type, dates, days),
              data: { leaveId: leave.id },
            },
            now(),
          );
        }
      });
      reply.code(201).header('location', `/api/leave/${leave.id}`);
      return sendRecord(reply, leave);
    },
  );

  app.get(
    '/api/leave/pending-approvals',
    {
      schema: {
        summary: "Requests waiting for the caller's decision",
        response: { 200: leaveListSchema },
        querystring: pendingApprovalsQuerySchema,
      },
    },
    async (request) => {
      const q = parseInput(pendingApprovalsQuerySchema, request.query, 'query');
      const condition = decidableCondition(request.caller);
      if (!condition) return { data: [], meta: listMeta(q, 0) };
      return leavePage(
        request.tenant,
        ['organization_id = :org', "status = 'PENDING'", condition.sql],
        condition.params,
        'start_date ASC',
        q,
      );
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
      const scope = scopeCondition(request.caller, 'user_id');
      return leavePage(
        request.tenant,
        ['organization_id = :org', "status = 'APPROVED'", 'end_date >= :today', scope.sql],
        { ...scope.params, today: `${utcToday(now())}T00:00:00.000Z` },
        `${SORT_COLUMNS[q.sortBy]} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}`,
        q,
      );
    },
  );

  app.get(
    '/api/leave/team',
    {
      schema: {
        summary: "The team's leave requests",
        response: { 200: leaveListSchema },
        querystring: teamQuerySchema,
      },
    },
    async (request) => {
      const { caller, tenant } = request;
      requireRole(caller, 'MANAGER');
      const q = parseInput(teamQuerySchema, request.query, 'query');
      const where = ['organization_id = :org'];
      const params: Record<string, unknown> = { me: caller.userId };
      if (!hasRole(caller, 'ADMIN')) {
        where.push('user_id IN (SELECT id FROM users WHERE organization_id = :org AND manager_id = :me)');
      }
      if (q.userId) {
        const person = await findPerson(tenant, q.userId);
        if (!person) throw notFound('User');
        if (caller.role !== 'ADMIN' && person.managerId !== caller.userId) {
          throw forbidden('This person is not in your team');
        }
        where.push('user_id = :userId');
        params.userId = q.userId;
      }
      if (q.status) {
        where.push('status = :status');
        params.status = q.status;
      }
      return leavePage(
        request.tenant,
        where,
        params,
        `${SORT_COLUMNS[q.sortBy]} ${q.sortOrder === 'desc' ? 'DESC' : 'ASC'}`,
        q,
      );
    },
  );

  registerCalendarRoute(app);
  registerBalanceRoutes(app);

  app.get(
    '/api/leave/:id',
    { schema: { summary: 'One leave request', response: { 200: leaveSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { leave, owner } = await loadLeave(request.tenant, id);
      requireInScope(request.caller, owner, "this person's leave");
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
      const updated = await tenant.transaction(async () => {
        const { leave, owner } = await loadLeave(tenant, id);
        requireOwner(caller, leave);
        checkIfMatch(request, leave, leave);
        requirePending(leave, 'changed');
        const { days, ...dates } = checkedLeaveDates(body, owner.nationality);
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
        await assertWithinFloor(tenant, owner, next, utcToday(now()));
        await updateLeave(tenant, next);
        return next;
      });
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
      await tenant.transaction(async () => {
        const { leave } = await loadLeave(tenant, id);
        requireOwner(caller, leave);
        checkIfMatch(request, leave, leave);
        requirePending(leave, 'withdrawn');
        await deleteLeave(tenant, id);
      });
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/leave/:id/status',
    {
      config: { ifMatch: true },
      schema: {
        summary: 'Approve or reject a request (its manager or an ADMIN)',
        response: { 200: leaveSchema },
        body: bodies.leaveDecision,
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant, caller } = request;
      requireRole(caller, 'MANAGER');
      const body = parseInput(leaveStatusUpdateSchema, request.body, 'body');
      const decided = await tenant.transaction(async () => {
        const { leave, owner } = await loadLeave(tenant, id);
        requireReviewer(caller, owner);
        checkIfMatch(request, leave, leave);
        requirePending(leave, 'decided');
        if (body.status === 'APPROVED')
          await assertWithinFloor(tenant, owner, { ...leave, status: 'APPROVED' }, utcToday(now()));
        const clock = now();
        const at = clock.toISOString();
        const next: Leave = {
          ...leave,
          status: body.status,
          reviewedBy: caller.userId,
          reviewedAt: offlineActionTime(body.decidedAt, clock, leave.updatedAt),
          reviewComment: body.comment?.trim() || null,
          updatedAt: at,
          version: leave.version + 1,
        };
        await updateLeave(tenant, next);
        const approved = body.status === 'APPROVED';
        await notify(
          tenant,
          {
            userId: leave.userId,
            type: approved ? 'LEAVE_APPROVED' : 'LEAVE_REJECTED',
            title: approved ? 'Leave approved' : 'Leave rejected',
            body: next.reviewComment
              ? `${describeLeave(leave.type, leave, leave.days)}. ${approved ? 'Approved' : 'Rejected'} with: “${next.reviewComment}”`
              : describeLeave(leave.type, leave, leave.days),
            data: { leaveId: leave.id },
          },
          now(),
        );
        return next;
      });
      return sendRecord(reply, decided);
    },
  );
}

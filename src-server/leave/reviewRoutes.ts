import { leaveDecidedWords } from '@shared/records/notificationWords';
import type { FastifyInstance } from 'fastify';
import { utcToday } from '@shared/calendar/dates';
import {
  leaveListSchema,
  leaveSchema,
  leaveStatusUpdateSchema,
  pendingApprovalsQuerySchema,
  teamQuerySchema,
  type Leave,
} from '@shared/wire';
import { hasRole, requireRole } from '../access/scope';
import { listMeta } from '../db/engine/pages';
import { checkIfMatch, sendRecord } from '../http/etag';
import { bodies } from '../http/examples';
import { offlineActionTime } from '../http/offlineTime';
import { defineMessage } from '@formatjs/intl';
import { forbidden, notFound, ref } from '../http/problem';

const NOT_YOUR_TEAM = defineMessage({
  id: 'service.leave.notYourTeam',
  defaultMessage: 'This person is not in your team',
});
import { parseInput } from '../http/validate';
import { notify } from '../notifications/notify';
import { findPerson } from '../users/userStore';
import { decidable, idParams, loadLeave, requirePending, requireReviewer } from './leaveChecks';
import { assertWithinFloor } from './leaveRules';
import { leavePage, updateLeave, type LeaveFilter } from './leaveStore';

/** What a reviewer sees and does: the requests waiting for them, their team's, and the decision. */
export function registerReviewRoutes(app: FastifyInstance): void {
  const now = () => app.hr.clock.now();

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
      const whose = decidable(request.caller);
      if (!whose) return { data: [], meta: listMeta(q, 0) };
      return leavePage(request.tenant, { only: 'PENDING', ...whose }, { by: 'startDate', order: 'asc' }, q);
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
      const filter: LeaveFilter = { status: q.status };
      if (!hasRole(caller, 'ADMIN')) filter.reportsTo = caller.userId;
      if (q.userId) {
        const person = await findPerson(tenant, q.userId);
        if (!person) throw notFound('user');
        if (caller.role !== 'ADMIN' && person.managerId !== caller.userId) {
          throw forbidden(ref(NOT_YOUR_TEAM));
        }
        filter.userId = q.userId;
      }
      return leavePage(request.tenant, filter, { by: q.sortBy, order: q.sortOrder }, q);
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
            words: leaveDecidedWords(body.status, leave, next.reviewComment ?? null),
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

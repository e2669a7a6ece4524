import { defineMessage } from '@formatjs/intl';
import { dateOnly, dateToDateTime } from '@shared/calendar/dates';
import { spanOf } from '@shared/holidays/leaveDays';
import { countLeaveDays, type WorkingWeek } from '@shared/holidays/workingDays';
import type { Leave, LeaveCreate, LeaveDecision } from '@shared/wire';
import { changeKind, type Actor, WHAT_I_DID } from '../sync/changeKind';

// The queued changes of leave: a request made, changed or withdrawn, and a decision on one.

function leaveDays(fields: LeaveCreate, nationality: string, week: WorkingWeek): number {
  try {
    return countLeaveDays(spanOf(fields), nationality, week);
  } catch {
    return 0;
  }
}

const leaveFromFields = (base: Leave, fields: LeaveCreate, actor: Actor, at: string): Leave => ({
  ...base,
  startDate: dateToDateTime(dateOnly(fields.startDate)),
  endDate: dateToDateTime(dateOnly(fields.endDate)),
  startPart: fields.startPart ?? 'FULL',
  endPart: fields.endPart ?? 'FULL',
  type: fields.type,
  notes: fields.notes === undefined ? base.notes : fields.notes,
  days: leaveDays(fields, actor.nationality, actor.week),
  updatedAt: at,
});

export const leaveChanges = {
  'leave.create': changeKind<LeaveCreate, 'leave'>({
    entity: 'leave',
    name: defineMessage({ id: 'core.change.leave.create', defaultMessage: 'New leave request' }),
    apply: (_r, op, actor) =>
      leaveFromFields(
        {
          id: op.entityId!,
          userId: actor.userId,
          startDate: '',
          endDate: '',
          type: op.payload.type,
          notes: null,
          status: 'PENDING',
          days: 0,
          reviewedBy: null,
          reviewedAt: null,
          reviewComment: null,
          createdAt: op.createdAt,
          updatedAt: op.createdAt,
          version: 0,
        },
        op.payload,
        actor,
        op.createdAt,
      ),
    request: (op) => ({ method: 'POST', path: 'api/leave', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.it,
    editable: true,
  }),
  'leave.update': changeKind<LeaveCreate, 'leave'>({
    entity: 'leave',
    name: defineMessage({ id: 'core.change.leave.update', defaultMessage: 'Change to a leave request' }),
    apply: (r, op, actor) => (r ? leaveFromFields(r, op.payload, actor, op.createdAt) : null),
    request: (op, id) => ({ method: 'PUT', path: `api/leave/${id}`, json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    role: 'update',
    whatIDid: WHAT_I_DID.change,
    editable: true,
  }),
  'leave.delete': changeKind<Record<string, never>, 'leave'>({
    entity: 'leave',
    name: defineMessage({ id: 'core.change.leave.delete', defaultMessage: 'Withdrawn leave request' }),
    apply: () => null,
    request: (_op, id) => ({ method: 'DELETE', path: `api/leave/${id}` }),
    checksVersion: true,
    accepted: 'gone',
    role: 'delete',
    whatIDid: WHAT_I_DID.withdrawing,
    editable: false,
  }),
  'leave.decide': changeKind<{ status: LeaveDecision; comment?: string | null }, 'leave'>({
    entity: 'leave',
    name: defineMessage({ id: 'core.change.leave.decide', defaultMessage: 'Leave decision' }),
    apply: (r, op, actor) =>
      r && {
        ...r,
        status: op.payload.status,
        reviewedBy: actor.userId,
        reviewedAt: op.createdAt,
        reviewComment: op.payload.comment?.trim() || null,
        updatedAt: op.createdAt,
      },
    // A decision made offline carries the time it was made (the service checks it).
    request: (op, id) => ({
      method: 'PUT',
      path: `api/leave/${id}/status`,
      json: { ...op.payload, decidedAt: op.createdAt },
    }),
    checksVersion: true,
    accepted: 'record',
    whatIDid: WHAT_I_DID.decision,
    editable: false,
  }),
};

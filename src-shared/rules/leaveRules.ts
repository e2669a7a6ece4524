import type { z } from 'zod';
import { dateOnly, daysBetween } from '../calendar/dates';
import type { LeaveStatus } from '../wire/enums';
import {
  calendarQueryFieldsSchema,
  leaveFieldsSchema,
  leaveCreateFieldsSchema,
  type EndPart,
  type StartPart,
} from '../wire/leave';
import { defineMessage } from '@formatjs/intl';
import type { MessageRef } from '../i18n/format';
import { issue, refuseIn, type FieldIssue } from './fieldIssue';
import { AFTERNOON_BIT, MORNING_BIT, WHOLE_DAY } from '../calendar/workingWeek';

export { AFTERNOON_BIT, MORNING_BIT, WHOLE_DAY };

/** The longest leave request or calendar range, in calendar days. */
export const MAX_RANGE_DAYS = 366;

export interface LeaveDatesInput {
  startDate: string;
  endDate: string;
}

const M = {
  endBeforeStart: defineMessage({
    id: 'rules.leave.endBeforeStart',
    defaultMessage: 'The end date is before the start date',
  }),
  tooLong: defineMessage<{ what: string; days: number }>({
    id: 'rules.leave.tooLong',
    defaultMessage: '{what, select, calendar {The calendar} other {A request}} can span at most {days} days',
  }),
  bothHalves: defineMessage({
    id: 'rules.leave.bothHalves',
    defaultMessage:
      'One day cannot start in the afternoon and end at midday: choose its morning or its afternoon, or neither for the whole day',
  }),
  overlap: defineMessage<{ status: LeaveStatus; start: string; end: string }>({
    id: 'rules.leave.overlap',
    defaultMessage:
      'These dates overlap your {status, select, APPROVED {approved} REJECTED {rejected} other {pending}} leave from {start} to {end}',
  }),
};

/** Order and length of a date range (leave, calendar): an issue on the end date, or none. */
export function rangeIssues(range: LeaveDatesInput, what: 'request' | 'calendar' = 'request'): FieldIssue[] {
  const start = dateOnly(range.startDate);
  const end = dateOnly(range.endDate);
  if (end < start) return [issue('endDate', M.endBeforeStart)];
  if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS)
    return [issue('endDate', M.tooLong, { what, days: MAX_RANGE_DAYS })];
  return [];
}

/** A request's dates with where its first day starts and its last day ends (half days). */
export interface LeaveSpanInput extends LeaveDatesInput {
  startPart?: StartPart | null;
  endPart?: EndPart | null;
}

/** Half days: on a single day, the afternoon or the morning, not both. */
export function halfDayIssues(span: LeaveSpanInput): FieldIssue[] {
  const oneDay = dateOnly(span.startDate) === dateOnly(span.endDate);
  return oneDay && span.startPart === 'AFTERNOON' && span.endPart === 'MORNING' ? [issue('endPart', M.bothHalves)] : [];
}

export interface OwnLeave extends LeaveSpanInput {
  status: LeaveStatus;
}

/** The halves a request takes of its first day, and of its last. */
export const takenOnFirstDay = (part: StartPart | null | undefined) =>
  part === 'AFTERNOON' ? AFTERNOON_BIT : WHOLE_DAY;
export const takenOnLastDay = (part: EndPart | null | undefined) => (part === 'MORNING' ? MORNING_BIT : WHOLE_DAY);

/** The halves of `date` a span takes, as bits (0 when none). */
function halvesTaken(span: LeaveSpanInput, date: string): number {
  if (date < dateOnly(span.startDate) || date > dateOnly(span.endDate)) return 0;
  let taken = WHOLE_DAY;
  if (date === dateOnly(span.startDate)) taken &= takenOnFirstDay(span.startPart);
  if (date === dateOnly(span.endDate)) taken &= takenOnLastDay(span.endPart);
  return taken;
}

/**
 * Whether two requests take the same half of some day: a morning off and an afternoon off of one
 * date do not overlap. Only the first and last shared days can be halves; a day between is whole.
 */
export function spansOverlap(a: LeaveSpanInput, b: LeaveSpanInput): boolean {
  const aStart = dateOnly(a.startDate);
  const bStart = dateOnly(b.startDate);
  const aEnd = dateOnly(a.endDate);
  const bEnd = dateOnly(b.endDate);
  const first = aStart > bStart ? aStart : bStart;
  const last = aEnd < bEnd ? aEnd : bEnd;
  if (first > last) return false;
  if (daysBetween(first, last) >= 2) return true;
  return (halvesTaken(a, first) & halvesTaken(b, first)) !== 0 || (halvesTaken(a, last) & halvesTaken(b, last)) !== 0;
}

/** The owner's own pending or approved leave on any of these dates (a state rule: 409 / CONFLICT). */
export function overlapIssue(clash: OwnLeave): FieldIssue {
  return issue('startDate', M.overlap, {
    status: clash.status,
    start: dateOnly(clash.startDate),
    end: dateOnly(clash.endDate),
  });
}

/** The first of `own` that a request on these dates would overlap. */
export function findOverlap<L extends OwnLeave>(dates: LeaveSpanInput, own: readonly L[]): L | undefined {
  return own.find((l) => (l.status === 'PENDING' || l.status === 'APPROVED') && spansOverlap(dates, l));
}

const NOT_PENDING = {
  decided: defineMessage<{ status: LeaveStatus }>({
    id: 'rules.leave.alreadyDecided',
    defaultMessage: 'This request is already {status, select, APPROVED {approved} REJECTED {rejected} other {pending}}',
  }),
  other: defineMessage<{ status: LeaveStatus; action: 'changed' | 'withdrawn' }>({
    id: 'rules.leave.notPending',
    defaultMessage:
      'This request is {status, select, APPROVED {approved} REJECTED {rejected} other {pending}}; only a pending request can be {action, select, withdrawn {withdrawn} other {changed}}',
  }),
};

/** A request changes or goes only while PENDING (a state rule): why not, said in its reader's language. */
export function notPendingRef(status: LeaveStatus, action: 'changed' | 'withdrawn' | 'decided'): MessageRef | null {
  if (status === 'PENDING') return null;
  if (action === 'decided') return { id: NOT_PENDING.decided.id, values: { status } };
  return { id: NOT_PENDING.other.id, values: { status, action } };
}

/** Order and length of the range, in the rulebook's words. */
function rangeRule(what: 'request' | 'calendar') {
  return (range: LeaveDatesInput, ctx: z.RefinementCtx) => {
    for (const raised of rangeIssues(range, what)) refuseIn(ctx, raised);
  };
}

/** A request's body (create and update): the wire's fields, with dates in order and at most a year apart. */
const requestRules = (body: LeaveSpanInput, ctx: z.RefinementCtx) => {
  rangeRule('request')(body, ctx);
  for (const raised of halfDayIssues(body)) refuseIn(ctx, raised);
};
export const leaveCreateSchema = leaveCreateFieldsSchema.superRefine(requestRules);
export const leaveUpdateSchema = leaveFieldsSchema.superRefine(requestRules);
/** The wall chart's query, its range held to the same rule. */
export const calendarQuerySchema = calendarQueryFieldsSchema.superRefine(rangeRule('calendar'));

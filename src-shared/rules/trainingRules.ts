import type { z } from 'zod';
import { toInstant } from '../calendar/dates';
import type { TrainingOutcome, TrainingStatus } from '../wire/enums';
import { trainingCreateFieldsSchema, trainingFieldsSchema } from '../wire/trainings';
import { defineMessage } from '@formatjs/intl';
import { issue, refuseIn, type FieldIssue } from './fieldIssue';

const M = {
  dateBeforeStart: defineMessage<{ date: 'endDate' | 'expiryDate' }>({
    id: 'rules.training.dateBeforeStart',
    defaultMessage: '{date, select, endDate {The end date} other {The expiry date}} is before the start date',
  }),
  fromList: defineMessage<{ kind: ReferenceKind }>({
    id: 'rules.training.fromList',
    defaultMessage: 'Choose a {kind, select, type {training type} category {category} other {provider}} from the list',
  }),
  statusMove: defineMessage<{ status: TrainingStatus; to: TrainingStatus }>({
    id: 'rules.training.statusMove',
    defaultMessage:
      'This training is {status, select, PLANNED {planned} IN_PROGRESS {in progress} COMPLETED {completed} other {cancelled}}: it cannot be made {to, select, PLANNED {planned} IN_PROGRESS {in progress} COMPLETED {completed} other {cancelled}}',
  }),
  cancelledNoOutcome: defineMessage({
    id: 'rules.training.cancelledNoOutcome',
    defaultMessage: 'A cancelled training has no outcome',
  }),
  onlyCompletedOutcome: defineMessage({
    id: 'rules.training.onlyCompletedOutcome',
    defaultMessage: 'Only a completed training can be passed or failed',
  }),
  notStarted: defineMessage({
    id: 'rules.training.notStarted',
    defaultMessage: 'This training has not started yet: it can only be planned or cancelled',
  }),
  notEnded: defineMessage({
    id: 'rules.training.notEnded',
    defaultMessage: 'This training has not ended yet: it can be passed or failed once it has',
  }),
  startsLater: defineMessage<{ status: TrainingStatus }>({
    id: 'rules.training.startsLater',
    defaultMessage:
      'This training is {status, select, PLANNED {planned} IN_PROGRESS {in progress} COMPLETED {completed} other {cancelled}}: it cannot start after today',
  }),
  unknownPerson: defineMessage({
    id: 'rules.training.unknownPerson',
    defaultMessage: 'Choose a person of this organization',
  }),
  notYours: defineMessage({
    id: 'rules.training.notYours',
    defaultMessage: 'You can record trainings for yourself and the people who report to you',
  }),
  endsLater: defineMessage<{ outcome: TrainingOutcome }>({
    id: 'rules.training.endsLater',
    defaultMessage: 'This training is {outcome, select, PASSED {passed} other {failed}}: it cannot end after today',
  }),
};

interface TrainingDates {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  expiryDate?: string | null | undefined;
}

/** The end and expiry dates must not fall before the start date (create, update, the app's form). */
export function trainingDateIssues(t: TrainingDates): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!t.startDate) return issues;
  const start = Date.parse(t.startDate);
  for (const key of ['endDate', 'expiryDate'] as const) {
    const value = t[key];
    if (value && Date.parse(value) < start) {
      issues.push(issue(key, M.dateBeforeStart, { date: key }));
    }
  }
  return issues;
}

/** A training recorded for someone not of the organization. */
export const unknownTrainingPersonIssue = (): FieldIssue => issue('userId', M.unknownPerson);
/** A training recorded for someone the recorder does not manage (the app's check of the service's scope). */
export const notYourTrainingPersonIssue = (): FieldIssue => issue('userId', M.notYours);

function refineDates(t: TrainingDates, ctx: z.RefinementCtx) {
  for (const raised of trainingDateIssues(t)) refuseIn(ctx, raised);
}

const DATE_FIELDS: readonly PropertyKey[] = ['startDate', 'endDate', 'expiryDate'];

/**
 * The dates' order is told beside every other field's issue, not once those are mended: it is judged
 * as soon as the dates themselves are well written (by default zod skips a refinement after any issue).
 */
const datesWellWritten = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || DATE_FIELDS.includes(i.path[0]!)),
};

/** A new training's body: the wire's fields, with the end and expiry not before the start. */
export const trainingCreateSchema = trainingCreateFieldsSchema.superRefine(refineDates, datesWellWritten);
/** PUT takes the create fields, partially; dates are checked again against the stored record. */
export const trainingUpdateSchema = trainingFieldsSchema.partial().superRefine(refineDates, datesWellWritten);

export type ReferenceKind = 'type' | 'category' | 'provider';

export interface ReferenceChoice {
  path: string;
  kind: ReferenceKind;
  id: string | null | undefined;
}

/** Ids that must name an entry of the organization's reference lists; `known` answers whether one does. */
export function referenceIssues(choices: ReferenceChoice[], known: (kind: ReferenceKind, id: string) => boolean) {
  return choices
    .filter((c) => c.id != null && !known(c.kind, c.id))
    .map((c): FieldIssue => issue(c.path, M.fromList, { kind: c.kind }));
}

/** Where a training's status may go from where it stands (staying put is always allowed). */
export const TRAINING_STATUS_MOVES: Readonly<Record<TrainingStatus, readonly TrainingStatus[]>> = {
  PLANNED: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: ['PLANNED'],
};

/** The outcomes a training may have in each status; the first is what it takes when it moves there. */
const OUTCOMES: Readonly<Record<TrainingStatus, readonly TrainingOutcome[]>> = {
  PLANNED: ['PENDING'],
  IN_PROGRESS: ['PENDING'],
  COMPLETED: ['PENDING', 'PASSED', 'FAILED', 'NOT_APPLICABLE'],
  CANCELLED: ['NOT_APPLICABLE'],
};

export interface TrainingState {
  status: TrainingStatus;
  outcome: TrainingOutcome;
}

/**
 * A change of status or outcome applied by the rules (a state rule: 409 / CONFLICT when broken):
 * the status moves only along TRAINING_STATUS_MOVES, only a completed training is passed or failed,
 * a cancelled one has no outcome. An outcome not given follows the status.
 */
export function trainingMove(
  current: TrainingState,
  patch: { status?: TrainingStatus | undefined; outcome?: TrainingOutcome | undefined },
): { ok: true; next: TrainingState } | { ok: false; issue: FieldIssue } {
  const status = patch.status ?? current.status;
  if (status !== current.status && !TRAINING_STATUS_MOVES[current.status].includes(status)) {
    return {
      ok: false,
      issue: issue('status', M.statusMove, { status: current.status, to: status }),
    };
  }
  const allowed = OUTCOMES[status];
  if (patch.outcome !== undefined && !allowed.includes(patch.outcome)) {
    return {
      ok: false,
      issue: issue('outcome', status === 'CANCELLED' ? M.cancelledNoOutcome : M.onlyCompletedOutcome),
    };
  }
  const outcome = patch.outcome ?? (allowed.includes(current.outcome) ? current.outcome : allowed[0]!);
  return { ok: true, next: { status, outcome } };
}

/** A training's span as stored: date-times, midnight UTC for a plain date. */
export interface TrainingSpan {
  startDate: string;
  endDate: string | null;
}

/** The calendar day (UTC) a date or date-time falls on, as the stored dates are kept. */
const dayOf = (value: string) => toInstant(value).slice(0, 10);

export type TrainingTiming = 'not started' | 'under way' | 'ended';

/**
 * Where a training stands on `today` (YYYY-MM-DD), by calendar days: not started before its start
 * day; ended from its last day on (its end day, or its start day when it has no end), so it can be
 * marked passed on the day it finishes.
 */
export function trainingTiming(t: TrainingSpan, today: string): TrainingTiming {
  if (dayOf(t.startDate) > today) return 'not started';
  return dayOf(t.endDate ?? t.startDate) > today ? 'under way' : 'ended';
}

/**
 * What the dates make impossible, if anything: a training that has not started is only planned or
 * cancelled; it is passed or failed only once it has ended.
 */
export function ruledOutByDates(t: TrainingState & TrainingSpan, today: string): 'status' | 'outcome' | null {
  const timing = trainingTiming(t, today);
  if (timing === 'not started' && t.status !== 'PLANNED' && t.status !== 'CANCELLED') return 'status';
  if (timing !== 'ended' && (t.outcome === 'PASSED' || t.outcome === 'FAILED')) return 'outcome';
  return null;
}

/**
 * A change of status or outcome checked against both rules: the moves (trainingMove: 409 / CONFLICT
 * when broken), then the training's dates on `today` (400 / INVALID_INPUT: the dates, not the
 * record's state, make it impossible).
 */
export function checkTrainingMove(
  current: TrainingState & TrainingSpan,
  patch: { status?: TrainingStatus | undefined; outcome?: TrainingOutcome | undefined },
  today: string,
): { ok: true; next: TrainingState } | { ok: false; issue: FieldIssue; conflict: boolean } {
  const move = trainingMove(current, patch);
  if (!move.ok) return { ...move, conflict: true };
  const impossible = ruledOutByDates({ ...current, ...move.next }, today);
  if (impossible === 'status') {
    return {
      ok: false,
      conflict: false,
      issue: issue('status', M.notStarted),
    };
  }
  if (impossible === 'outcome') {
    return {
      ok: false,
      conflict: false,
      issue: issue('outcome', M.notEnded),
    };
  }
  return move;
}

/**
 * A change of dates (PUT) that would leave the training's status or outcome impossible on `today`:
 * a completed training moved to start in the future, a passed one to end in it. Checked only when
 * the dates change, so a record already at odds with its dates can still be edited otherwise.
 */
export function trainingTimingIssues(
  before: TrainingState & TrainingSpan,
  after: TrainingState & TrainingSpan,
  today: string,
): FieldIssue[] {
  const moved =
    dayOf(before.startDate) !== dayOf(after.startDate) ||
    (before.endDate && dayOf(before.endDate)) !== (after.endDate && dayOf(after.endDate));
  if (!moved) return [];
  switch (ruledOutByDates(after, today)) {
    case 'status':
      return [issue('startDate', M.startsLater, { status: after.status })];
    case 'outcome':
      return [issue(after.endDate ? 'endDate' : 'startDate', M.endsLater, { outcome: after.outcome })];
    default:
      return [];
  }
}

/** The changes of status and outcome a person is offered on a training, each allowed by checkTrainingMove. */
export type TrainingAction = 'start' | 'passed' | 'failed' | 'complete' | 'cancel' | 'reinstate';

export const TRAINING_ACTIONS: Readonly<Record<TrainingAction, { status: TrainingStatus; outcome?: TrainingOutcome }>> =
  {
    start: { status: 'IN_PROGRESS' },
    passed: { status: 'COMPLETED', outcome: 'PASSED' },
    failed: { status: 'COMPLETED', outcome: 'FAILED' },
    complete: { status: 'COMPLETED', outcome: 'NOT_APPLICABLE' },
    cancel: { status: 'CANCELLED' },
    reinstate: { status: 'PLANNED' },
  };

/**
 * What may be done to a training as it stands on `today`: no "passed" on a cancelled one nor on one
 * not ended yet, nothing that changes nothing.
 */
export function trainingActions(current: TrainingState & TrainingSpan, today: string): TrainingAction[] {
  return (Object.keys(TRAINING_ACTIONS) as TrainingAction[]).filter((action) => {
    const move = checkTrainingMove(current, TRAINING_ACTIONS[action], today);
    return move.ok && (move.next.status !== current.status || move.next.outcome !== current.outcome);
  });
}

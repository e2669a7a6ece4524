import type { z } from 'zod';
import type { TrainingOutcome, TrainingStatus } from '../wire/enums';
import { trainingCreateFieldsSchema, trainingFieldsSchema } from '../wire/trainings';
import type { FieldIssue } from './fieldIssue';

interface TrainingDates {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  expiryDate?: string | null | undefined;
}

const DATE_WORDS = { endDate: 'The end date', expiryDate: 'The expiry date' } as const;

/** The end and expiry dates must not fall before the start date (create, update, the app's form). */
export function trainingDateIssues(t: TrainingDates): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!t.startDate) return issues;
  const start = Date.parse(t.startDate);
  for (const key of ['endDate', 'expiryDate'] as const) {
    const value = t[key];
    if (value && Date.parse(value) < start) {
      issues.push({ path: key, message: `${DATE_WORDS[key]} is before the start date` });
    }
  }
  return issues;
}

function refineDates(t: TrainingDates, ctx: z.RefinementCtx) {
  for (const e of trainingDateIssues(t)) {
    ctx.addIssue({ code: 'custom', path: [e.path], message: e.message });
  }
}

/** A new training's body: the wire's fields, with the end and expiry not before the start. */
export const trainingCreateSchema = trainingCreateFieldsSchema.superRefine(refineDates);
/** PUT takes the create fields, partially; dates are checked again against the stored record. */
export const trainingUpdateSchema = trainingFieldsSchema.partial().superRefine(refineDates);

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
    .map((c): FieldIssue => ({
      path: c.path,
      message: `Choose a ${c.kind === 'type' ? 'training type' : c.kind} from the list`,
    }));
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

const STATUS_WORDS: Readonly<Record<TrainingStatus, string>> = {
  PLANNED: 'planned',
  IN_PROGRESS: 'in progress',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
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
      issue: {
        path: 'status',
        message: `This training is ${STATUS_WORDS[current.status]}: it cannot be made ${STATUS_WORDS[status]}`,
      },
    };
  }
  const allowed = OUTCOMES[status];
  if (patch.outcome !== undefined && !allowed.includes(patch.outcome)) {
    return {
      ok: false,
      issue: {
        path: 'outcome',
        message:
          status === 'CANCELLED'
            ? 'A cancelled training has no outcome'
            : 'Only a completed training can be passed or failed',
      },
    };
  }
  const outcome = patch.outcome ?? (allowed.includes(current.outcome) ? current.outcome : allowed[0]!);
  return { ok: true, next: { status, outcome } };
}

/** The changes of status and outcome a person is offered on a training, each allowed by trainingMove. */
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

/** What may be done to a training as it stands: no "passed" on a cancelled one, nothing that changes nothing. */
export function trainingActions(current: TrainingState): TrainingAction[] {
  return (Object.keys(TRAINING_ACTIONS) as TrainingAction[]).filter((action) => {
    const move = trainingMove(current, TRAINING_ACTIONS[action]);
    return move.ok && (move.next.status !== current.status || move.next.outcome !== current.outcome);
  });
}

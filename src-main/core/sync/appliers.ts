import { randomUUID } from 'node:crypto';
import { dateOnly, dateToDateTime, toInstant } from '../../../src-shared/calendar/dates';
import { countWorkingDays } from '../../../src-shared/calendar/workingDays';
import { givenFields } from '../../../src-shared/records/givenFields';
import { newTraining } from '../../../src-shared/records/newTraining';
import { withTrainingChanges } from '../../../src-shared/records/trainingChanges';
import type { OperationKind } from '../../../src-shared/appApi';
import { questionsAsStored, trainingMove } from '../../../src-shared/rules';
import {
  type AssignedForm,
  type Form,
  type Leave,
  type Notification,
  type Question,
  type QuestionInput,
  type Training,
} from '../../../src-shared/wire';
import type { EntityRecords } from '../cache/entities';
import { LOCAL_ID_PREFIX, type Operation, type Payloads } from './operations';

/** Who is changing things here: the signed-in person. */
export interface Actor {
  userId: string;
  nationality: string;
}

type Applier<K extends OperationKind, R> = (record: R | null, op: Operation<K>, actor: Actor) => R | null;

function leaveDays(startDate: string, endDate: string, nationality: string): number {
  try {
    return countWorkingDays(startDate, endDate, nationality);
  } catch {
    return 0;
  }
}

const leaveFromFields = (base: Leave, fields: Payloads['leave.create'], actor: Actor, at: string): Leave => {
  const startDate = dateToDateTime(dateOnly(fields.startDate));
  const endDate = dateToDateTime(dateOnly(fields.endDate));
  return {
    ...base,
    startDate,
    endDate,
    type: fields.type,
    notes: fields.notes === undefined ? base.notes : fields.notes,
    days: leaveDays(startDate, endDate, actor.nationality),
    updatedAt: at,
  };
};

function questionsFrom(inputs: QuestionInput[] | undefined, existing: Question[]): Question[] {
  if (!inputs) return existing;
  // As the service will store them (the rulebook's), new questions with local ids until it has.
  const stored = questionsAsStored(inputs, existing, () => `${LOCAL_ID_PREFIX}${randomUUID()}`);
  return stored.ok ? stored.questions : existing;
}

/**
 * How each queued change looks on the user's screen before the service has it. The same
 * functions replay pending changes on top of what a pull brings, so both always agree.
 */
/** The record each kind of change works on. */
interface RecordOf {
  'leave.create': Leave;
  'leave.update': Leave;
  'leave.delete': Leave;
  'leave.decide': Leave;
  'training.create': Training;
  'training.update': Training;
  'training.patch': Training;
  'training.delete': Training;
  'form.submit': AssignedForm;
  'form.create': Form;
  'form.update': Form;
  'form.delete': Form;
  'form.distribute': Form;
  'notification.read': Notification;
  'notification.readAll': Notification;
}

const appliers: { [K in OperationKind]: Applier<K, RecordOf[K]> } = {
  'leave.create': (_r, op, actor) =>
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
  'leave.update': (r, op, actor) => (r ? leaveFromFields(r, op.payload, actor, op.createdAt) : null),
  'leave.delete': () => null,
  'leave.decide': (r, op, actor) =>
    r && {
      ...r,
      status: op.payload.status,
      reviewedBy: actor.userId,
      reviewedAt: op.createdAt,
      reviewComment: op.payload.comment?.trim() || null,
      updatedAt: op.createdAt,
    },

  'training.create': (_r, op, actor) =>
    newTraining(op.payload, {
      id: op.entityId!,
      userId: op.payload.userId ?? actor.userId,
      at: op.createdAt,
      version: 0,
    }),
  'training.update': (r, op) => r && withTrainingChanges(r, op.payload, op.createdAt),
  // As the service applies it: an outcome not given follows the status (a cancelled one has none).
  'training.patch': (r, op) => {
    if (!r) return r;
    const move = trainingMove(r, op.payload);
    return { ...r, ...(move.ok ? move.next : givenFields(op.payload)), updatedAt: op.createdAt };
  },
  'training.delete': () => null,

  'notification.read': (r, op) => r && (r.read ? r : { ...r, read: true, readAt: op.createdAt }),
  'notification.readAll': (r, op) =>
    r && !r.read && r.createdAt <= op.createdAt
      ? ({ ...r, read: true, readAt: op.createdAt } satisfies Notification)
      : r,

  'form.submit': (r, op) =>
    r && ({ ...r, submitted: true, submittedAt: r.isAnonymous ? null : op.createdAt } satisfies AssignedForm),
  'form.create': (_r, op, actor) => {
    const f = op.payload;
    return {
      id: op.entityId!,
      title: f.title,
      description: f.description ?? null,
      isAnonymous: f.isAnonymous ?? false,
      requireAuthentication: f.requireAuthentication ?? true,
      allowMultipleSubmissions: f.allowMultipleSubmissions ?? false,
      maxSubmissions: f.maxSubmissions ?? null,
      openDate: toInstant(f.openDate),
      closeDate: toInstant(f.closeDate),
      status: f.status ?? 'DRAFT',
      questions: questionsFrom(f.questions, []),
      responseCount: 0,
      createdBy: actor.userId,
      createdAt: op.createdAt,
      updatedAt: op.createdAt,
      version: 0,
    } satisfies Form;
  },
  'form.update': (r, op) => {
    if (!r) return null;
    const { questions, ...c } = op.payload;
    return {
      ...r,
      ...givenFields({
        ...c,
        openDate: c.openDate === undefined ? undefined : toInstant(c.openDate),
        closeDate: c.closeDate === undefined ? undefined : toInstant(c.closeDate),
      }),
      questions: questionsFrom(questions, r.questions),
      updatedAt: op.createdAt,
    };
  },
  'form.delete': () => null,
  'form.distribute': (r) => r,
};

export function applyOperation<E extends keyof EntityRecords>(
  record: EntityRecords[E] | null,
  op: Operation,
  actor: Actor,
): EntityRecords[E] | null {
  const apply = appliers[op.kind] as unknown as Applier<OperationKind, EntityRecords[E]>;
  return apply(record, op, actor);
}

import type { Conflict, ConflictChoice } from '@shared/appApi';
import { daysWord } from '@shared/rules';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import type { Allocation, AssignedForm, Form, Leave, Training } from '@shared/wire';
import { readRow } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { kindOf, type Operation } from './operations';

const day = (iso: string | undefined) => (iso ?? '').slice(0, 10);

/** The record as last known: the service's copy, else this computer's, else what the change says. */
function known<T>(db: CacheDb, op: Operation): Partial<T> {
  const theirs = op.conflict?.theirs;
  if (theirs && typeof theirs === 'object') return theirs as Partial<T>;
  const row = op.entityId ? readRow(db, op.entity, op.entityId) : undefined;
  const copy = row?.base ?? row?.json;
  const record = copy ? (JSON.parse(copy) as T) : ((op.conflict?.known ?? {}) as Partial<T>);
  return { ...record, ...(op.payload as Partial<T>) };
}

function personName(db: CacheDb, userId: string | undefined, me: string): string {
  if (!userId || userId === me) return 'Your';
  const row = prepared(db, 'SELECT first_name AS f, last_name AS l FROM users WHERE id = ?').get(userId) as
    { f: string; l: string } | undefined;
  return row ? `${row.f} ${row.l}’s` : 'A colleague’s';
}

/** What the change was about, in words: whose leave and which dates, which training or form. */
function subjectOf(db: CacheDb, op: Operation, me: string): string {
  switch (op.entity) {
    case 'leave': {
      const l = known<Leave>(db, op);
      const span = day(l.startDate) === day(l.endDate) ? day(l.startDate) : `${day(l.startDate)} to ${day(l.endDate)}`;
      return `${personName(db, l.userId, me)} ${(l.type ? LEAVE_TYPE_NAMES[l.type] : 'leave').toLowerCase()}, ${span}`;
    }
    case 'trainings':
      return `The training “${known<Training>(db, op).name ?? 'without a name'}”`;
    case 'forms':
      return `The form “${known<Form>(db, op).title ?? 'without a title'}”`;
    case 'assigned_forms': {
      const row = op.entityId ? readRow(db, 'assigned_forms', op.entityId) : undefined;
      const form = row?.json ? (JSON.parse(row.json) as AssignedForm) : null;
      return `Your answers to “${form?.title ?? 'a form'}”`;
    }
    case 'notifications':
      return 'Marking notifications read';
    case 'allocations': {
      const a = known<Allocation>(db, op);
      return `${personName(db, a.userId, me)} balance adjustment of ${daysWord(a.days ?? 0)}`;
    }
    case 'leave_policy':
      return 'The leave policy';
  }
}

/** What the service did with the change, in a sentence. */
function outcomeOf(op: Operation): string {
  const status = op.conflict?.status ?? 0;
  const message = op.conflict?.message ?? op.lastError ?? '';
  const mine = kindOf(op.kind).whatIDid;
  if (status === 404)
    return `The service no longer has it (deleted or withdrawn meanwhile): ${mine.toLowerCase()} could not be applied.`;
  const theirs = op.conflict?.theirs as Partial<Leave> | null;
  if (op.entity === 'leave' && theirs?.status && theirs.status !== 'PENDING') {
    return `It was ${theirs.status.toLowerCase()} on the service meanwhile: ${mine.toLowerCase()} could not be applied.`;
  }
  if (status === 412) return 'Someone changed it on the service after you edited it here.';
  if (status === 403) return `The service refused it: ${message}`;
  return `The service refused it: ${message}`;
}

/** Only the ways out that can work: no retry of a change to a record the service no longer has. */
export function conflictChoices(op: Operation): ConflictChoice[] {
  const status = op.conflict?.status ?? 0;
  const gone = status === 404;
  const kind = kindOf(op.kind);
  const editable = kind.editable && !(gone && kind.role === 'update');
  const choices: ConflictChoice[] = [];
  // A leave request decided meanwhile never becomes pending again; a form closed meanwhile may reopen.
  const theirs = op.conflict?.theirs as Leave | null;
  const decided = op.entity === 'leave' && op.kind !== 'leave.create' && !!theirs && theirs.status !== 'PENDING';
  if (!gone && !decided && status !== 400 && status !== 403) choices.push('retry');
  if (editable && !decided) choices.push('edit');
  if (op.conflict?.theirs) choices.push('keepTheirs');
  choices.push('discard');
  return choices;
}

/** A refused change as the conflicts panel shows it. */
export function describeConflict(db: CacheDb, op: Operation, me: string): Conflict {
  return {
    id: op.opId,
    kind: op.kind,
    kindName: kindOf(op.kind).name,
    entityId: op.entityId,
    subject: subjectOf(db, op, me),
    outcome: outcomeOf(op),
    choices: conflictChoices(op),
    mine: op.payload,
    theirs: op.conflict?.theirs ?? null,
    status: op.conflict?.status ?? 0,
    message: op.conflict?.message ?? op.lastError ?? '',
    createdAt: op.createdAt,
  };
}

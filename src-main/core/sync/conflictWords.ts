import { defineMessages } from '@formatjs/intl';
import type { Conflict, ConflictChoice } from '@shared/appApi';
import { speak } from '../api/language';
import { entityDescriptor, readEffective, readRow, type EntityRecords, type Whose } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import { personName } from '../cache/personNames';
import { kindOf, type Operation } from './operations';

type AnyRecord = EntityRecords[keyof EntityRecords];

// A refused change in words, in the page's language: the conflicts panel and the list of changes
// not sent yet.
const WORDS = defineMessages({
  unsent: { id: 'core.conflict.unsent', defaultMessage: '{kind}: {subject}' },
  gone: {
    id: 'core.conflict.gone',
    defaultMessage: 'The service no longer has it (deleted or withdrawn meanwhile): {mine} could not be applied.',
  },
  decided: {
    id: 'core.conflict.decided',
    defaultMessage:
      'It was {decided, select, APPROVED {approved} REJECTED {rejected} other {decided}} on the service meanwhile: {mine} could not be applied.',
  },
  changedMeanwhile: {
    id: 'core.conflict.changedMeanwhile',
    defaultMessage: 'Someone changed it on the service after you edited it here.',
  },
  refused: { id: 'core.conflict.refused', defaultMessage: 'The service refused it: {message}' },
});

/** The record as last known: the service's copy, else this computer's, else what the change says. */
function known(db: CacheDb, op: Operation): Partial<AnyRecord> {
  const theirs = op.conflict?.theirs;
  if (theirs && typeof theirs === 'object') return theirs as Partial<AnyRecord>;
  const row = op.entityId ? readRow(db, op.entity, op.entityId) : undefined;
  const copy = row?.base ?? row?.json;
  const record = copy ? (JSON.parse(copy) as AnyRecord) : ((op.conflict?.known ?? {}) as Partial<AnyRecord>);
  return { ...record, ...(op.payload as Partial<AnyRecord>) };
}

function whose(db: CacheDb, userId: string | undefined, me: string): Whose {
  if (!userId || userId === me) return { whose: 'mine', person: '' };
  const name = personName(db, userId);
  return name ? { whose: 'named', person: name } : { whose: 'colleague', person: '' };
}

/** What the change was about, in words (the entity's): whose leave and which dates, which training or form. */
function subjectOf(db: CacheDb, op: Operation, me: string): string {
  return entityDescriptor(op.entity).subject({
    known: () => known(db, op),
    shown: () => (op.entityId ? readEffective(db, op.entity, op.entityId) : null),
    whose: (userId) => whose(db, userId, me),
  });
}

/** A change not sent yet, in words: its kind and what it is about ("New person: Ada Lovelace"). */
export function describeUnsent(db: CacheDb, op: Operation, me: string): string {
  return speak(WORDS.unsent, { kind: speak(kindOf(op.kind).name), subject: subjectOf(db, op, me) });
}

/** What the service decided of the record meanwhile, which the change cannot undo (the entity's words); null: nothing. */
function decidedOnService(op: Operation): string | null {
  const theirs = op.conflict?.theirs as Partial<AnyRecord> | null | undefined;
  const { decided } = entityDescriptor(op.entity);
  return theirs && decided ? decided(theirs) : null;
}

/** What the service did with the change, in a sentence. */
function outcomeOf(op: Operation): string {
  const status = op.conflict?.status ?? 0;
  const message = op.conflict?.message ?? op.lastError ?? '';
  const mine = speak(kindOf(op.kind).whatIDid);
  if (status === 404) return speak(WORDS.gone, { mine });
  const decided = decidedOnService(op);
  if (decided) return speak(WORDS.decided, { decided, mine });
  if (status === 412) return speak(WORDS.changedMeanwhile);
  return speak(WORDS.refused, { message });
}

/** Only the ways out that can work: no retry of a change to a record the service no longer has. */
export function conflictChoices(op: Operation): ConflictChoice[] {
  const status = op.conflict?.status ?? 0;
  const gone = status === 404;
  const kind = kindOf(op.kind);
  const editable = kind.editable && !(gone && kind.role === 'update');
  const choices: ConflictChoice[] = [];
  // A leave request decided meanwhile never becomes pending again; a form closed meanwhile may reopen.
  const decided = kind.role !== 'create' && decidedOnService(op) !== null;
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
    kindName: speak(kindOf(op.kind).name),
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

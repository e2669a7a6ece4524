import { dayValue } from '@shared/calendar/dates';
import { defineMessages } from '@formatjs/intl';
import {
  allocationSchema,
  assignedFormSchema,
  formSchema,
  leavePolicySchema,
  leaveSchema,
  notificationSchema,
  referenceItemSchema,
  trainingSchema,
  userSchema,
  type Allocation,
  type AssignedForm,
  type Form,
  type Leave,
  type LeavePolicy,
  type Notification,
  type ReferenceItem,
  type Training,
  type User,
  calendarFeedSchema,
  type CalendarFeed,
} from '@shared/wire';
import type { z } from 'zod';
import { speak } from '../api/language';
import type { CacheDb } from './openCache';
import { prepared as stmt } from './statements';

type SqlValue = string | number | null;

export interface EntityRecords {
  trainings: Training;
  leave: Leave;
  notifications: Notification;
  forms: Form;
  assigned_forms: AssignedForm;
  allocations: Allocation;
  /** The organization's policy, one row under POLICY_ID. */
  leave_policy: LeavePolicy & { id: string };
  users: User;
  /** A department: no version (the service takes the last write). */
  departments: ReferenceItem & { version?: number };
  /** One's calendar feeds: the address only on this computer, from the answer that made it. */
  calendar_feeds: CalendarFeed & { version?: number };
}

/** The one row of leave_policy. */
export const POLICY_ID = 'policy';
export type EntityName = keyof EntityRecords;

/** What a refused change to a record is told from, for the words that name it. */
export interface SubjectOf<T> {
  /** The record as last known: the service's copy, else this computer's, with the change on top. */
  known(): Partial<T>;
  /** What the user sees of it here. */
  shown(): T | null;
  /** Whose it is, as a message's values: mine, a person's by name, or a colleague's whose name is not known here. */
  whose(userId: string | undefined): Whose;
}

/** Whose a record is, for a message's `{whose, select, mine {Your} named {{person}’s} other {A colleague’s}}`. */
export interface Whose {
  whose: 'mine' | 'named' | 'colleague';
  person: string;
  [value: string]: string;
}

/**
 * Everything one kind of record means, in one place: how the cache indexes it, the service's shape
 * of it and where the service keeps it, what a change the service took without answering a record
 * does to it, and how a refused change names it. A new kind of record is one entry here.
 */
export interface EntityDescriptor<T> {
  /** Index columns of the table, in the order `values` gives them. */
  columns: string[];
  /** Their values, read off the record the user sees. */
  values(record: T): SqlValue[];
  /**
   * The fields a column holds as they are (field → column), kept out of the stored JSON while set:
   * the table's `record` column (a cache migration) puts them back. Each record is stored once.
   */
  inColumns?: Readonly<Record<string, string>>;
  /** The service's record, checked, as the cache keeps it. */
  schema: z.ZodType<T>;
  /** Where the service keeps one (`<path>/<id>`), read back for its side of a conflict; none: not read alone. */
  path?: string;
  /**
   * What the service's copy here becomes once it took a change answered by no record (`settled`):
   * called before the changed records are shown again.
   */
  settle?(db: CacheDb, id: string | null, change: { createdAt: string }, now: string): void;
  /** What a refused change was about, in the page's language ("Alice Archer’s annual leave, 8 May 2028"). */
  subject(about: SubjectOf<T>): string;
  /** What the service decided of the record meanwhile, which no change of it undoes (its status, "APPROVED"); null: nothing. */
  decided?(theirs: Partial<T>): string | null;
}

/** The policy as the cache keeps it: its one row. */
const storedPolicySchema = leavePolicySchema.transform((p) => ({ ...p, id: POLICY_ID }));

// What a refused change was about, in words: the conflicts panel's headings and the list of
// changes not sent yet. Dates are ICU date arguments (a day's UTC midnight), written as the page's
// locale writes them.
const SUBJECTS = defineMessages({
  training: { id: 'core.subject.training', defaultMessage: 'The training “{name}”' },
  trainingUnnamed: { id: 'core.subject.training.unnamed', defaultMessage: 'The training “without a name”' },
  leave: {
    id: 'core.subject.leave',
    defaultMessage:
      '{whose, select, mine {Your} named {{person}’s} other {A colleague’s}} {type, select, ANNUAL {annual leave} SICK {sick leave} UNPAID {unpaid leave} MATERNITY {maternity leave} PATERNITY {paternity leave} BEREAVEMENT {bereavement leave} other {leave}}, {span, select, day {{start, date, long}} other {{start, date, long} to {end, date, long}}}',
  },
  notificationsRead: { id: 'core.subject.notificationsRead', defaultMessage: 'Marking notifications read' },
  form: { id: 'core.subject.form', defaultMessage: 'The form “{title}”' },
  formUntitled: { id: 'core.subject.form.untitled', defaultMessage: 'The form “without a title”' },
  answers: { id: 'core.subject.answers', defaultMessage: 'Your answers to “{title}”' },
  answersUntitled: { id: 'core.subject.answers.untitled', defaultMessage: 'Your answers to “a form”' },
  allocation: {
    id: 'core.subject.allocation',
    defaultMessage:
      '{whose, select, mine {Your} named {{person}’s} other {A colleague’s}} balance adjustment of {days, plural, one {# day} other {# days}}',
  },
  policy: { id: 'core.subject.policy', defaultMessage: 'The leave policy' },
  person: { id: 'core.subject.person', defaultMessage: 'A person' },
  department: { id: 'core.subject.department', defaultMessage: 'The department “{name}”' },
  departmentUnnamed: { id: 'core.subject.department.unnamed', defaultMessage: 'The department “without a name”' },
  feed: {
    id: 'core.subject.feed',
    defaultMessage:
      'The calendar feed of {scope, select, TEAM {your team’s leave} DEPARTMENT {your department’s leave} other {your own leave}}',
  },
});

/** A day as an ICU date argument (the formatter tells dates in UTC); none for a record without it. */
const day = (iso: string | undefined) => (iso ? dayValue(iso) : 0);

const descriptors: { [E in EntityName]: EntityDescriptor<EntityRecords[E]> } = {
  trainings: {
    columns: ['user_id', 'name', 'status', 'start_date', 'end_date', 'expiry_date', 'cost', 'hours', 'created_at'],
    values: (t) => [t.userId, t.name, t.status, t.startDate, t.endDate, t.expiryDate, t.cost, t.hours, t.createdAt],
    inColumns: {
      userId: 'user_id',
      name: 'name',
      status: 'status',
      startDate: 'start_date',
      endDate: 'end_date',
      expiryDate: 'expiry_date',
      cost: 'cost',
      hours: 'hours',
      createdAt: 'created_at',
    },
    schema: trainingSchema,
    path: 'api/trainings',
    subject: (t) => {
      const name = t.known().name;
      return name ? speak(SUBJECTS.training, { name }) : speak(SUBJECTS.trainingUnnamed);
    },
  },
  leave: {
    columns: [
      'user_id',
      'start_date',
      'end_date',
      'status',
      'type',
      'created_at',
      'days',
      'reviewed_at',
      'start_part',
      'end_part',
    ],
    values: (l) => [
      l.userId,
      l.startDate,
      l.endDate,
      l.status,
      l.type,
      l.createdAt,
      l.days,
      l.reviewedAt,
      l.startPart ?? 'FULL',
      l.endPart ?? 'FULL',
    ],
    inColumns: {
      userId: 'user_id',
      startDate: 'start_date',
      endDate: 'end_date',
      status: 'status',
      type: 'type',
      createdAt: 'created_at',
      days: 'days',
      reviewedAt: 'reviewed_at',
    },
    schema: leaveSchema,
    path: 'api/leave',
    subject: (about) => {
      const l = about.known();
      const [start, end] = [day(l.startDate), day(l.endDate)];
      return speak(SUBJECTS.leave, {
        ...about.whose(l.userId),
        type: l.type ?? 'OTHER',
        span: start === end ? 'day' : 'days',
        start,
        end,
      });
    },
    // A request decided meanwhile never becomes pending again.
    decided: (l) => (l.status && l.status !== 'PENDING' ? l.status : null),
  },
  notifications: {
    columns: ['created_at', 'read', 'type'],
    values: (n) => [n.createdAt, n.read ? 1 : 0, n.type],
    schema: notificationSchema,
    // "Read all": every unread notification up to the change's time is read.
    settle: (db, _id, change, now) => {
      const unread = stmt(
        db,
        `SELECT id, ${BASE_COLUMN} AS base FROM notifications WHERE base IS NOT NULL AND read = 0`,
      ).all() as { id: string; base: string }[];
      for (const row of unread) {
        const base = JSON.parse(row.base) as Notification;
        if (!base.read && base.createdAt <= change.createdAt) {
          writeRow(db, 'notifications', row.id, null, { ...base, read: true, readAt: now });
        }
      }
    },
    subject: () => speak(SUBJECTS.notificationsRead),
  },
  forms: {
    columns: ['status', 'title', 'created_at'],
    values: (f) => [f.status, f.title, f.createdAt],
    schema: formSchema,
    path: 'api/forms',
    subject: (f) => {
      const title = f.known().title;
      return title ? speak(SUBJECTS.form, { title }) : speak(SUBJECTS.formUntitled);
    },
  },
  assigned_forms: {
    columns: [],
    values: () => [],
    schema: assignedFormSchema,
    // Answers sent: the form sent to me is answered.
    settle: (db, id) => {
      const base = id ? readBase(db, 'assigned_forms', id) : null;
      if (id && base) writeRow(db, 'assigned_forms', id, null, assignedFormSchema.parse({ ...base, submitted: true }));
    },
    subject: (f) => {
      const title = f.shown()?.title;
      return title ? speak(SUBJECTS.answers, { title }) : speak(SUBJECTS.answersUntitled);
    },
  },
  allocations: {
    columns: ['user_id', 'year', 'type', 'created_at'],
    values: (a) => [a.userId, a.year, a.type, a.createdAt],
    schema: allocationSchema,
    subject: (about) => {
      const a = about.known();
      return speak(SUBJECTS.allocation, { ...about.whose(a.userId), days: Math.round((a.days ?? 0) * 100) / 100 });
    },
  },
  leave_policy: { columns: [], values: () => [], schema: storedPolicySchema, subject: () => speak(SUBJECTS.policy) },
  users: {
    columns: ['last_name', 'first_name', 'email', 'department_id', 'manager_id', 'status', 'end_date'],
    values: (u) => [
      u.lastName,
      u.firstName,
      u.email,
      u.departmentId,
      u.managerId,
      u.status ?? 'ACTIVE',
      u.endDate ?? null,
    ],
    inColumns: {
      lastName: 'last_name',
      firstName: 'first_name',
      email: 'email',
      departmentId: 'department_id',
      managerId: 'manager_id',
      endDate: 'end_date',
    },
    schema: userSchema,
    path: 'api/users',
    subject: (about) => {
      const u = about.known();
      return u.firstName || u.lastName ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : speak(SUBJECTS.person);
    },
  },
  departments: {
    columns: ['name'],
    values: (d) => [d.name],
    schema: referenceItemSchema,
    subject: (d) => {
      const name = d.known().name;
      return name ? speak(SUBJECTS.department, { name }) : speak(SUBJECTS.departmentUnnamed);
    },
  },
  calendar_feeds: {
    columns: ['created_at'],
    values: (f) => [f.createdAt],
    schema: calendarFeedSchema,
    subject: (f) => speak(SUBJECTS.feed, { scope: f.known().scope ?? 'ME' }),
  },
};

/** What a kind of record means: its descriptor. */
export const entityDescriptor = <E extends EntityName>(entity: E): EntityDescriptor<EntityRecords[E]> =>
  descriptors[entity];

/**
 * `base` when it is the record the user sees, as it is fresh from the service: the text is not
 * stored twice. Read `base` through BASE_COLUMN, never the column itself.
 */
const SAME_AS_VIEW = '';
/**
 * The service's copy of a row, in SQL. Records are read whole from `record` (`json` may lack what
 * the columns hold: `inColumns`); `base`, when it differs, is stored whole.
 */
export const BASE_COLUMN = `CASE base WHEN '${SAME_AS_VIEW}' THEN record ELSE base END`;

/** The JSON stored of a record: without the fields its columns hold (`inColumns`), which `record` puts back. */
function storedJson(entity: EntityName, record: object): string {
  const inColumns = descriptors[entity].inColumns;
  if (!inColumns) return JSON.stringify(record);
  const rest: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (field !== 'id' && (value === null || !Object.hasOwn(inColumns, field))) rest[field] = value;
  }
  return JSON.stringify(rest);
}

const upserts = new Map<string, string>();
/** The upsert of a row; `same`: both copies are one record (fresh from the service), stored once. */
function upsertSql(entity: EntityName, same: boolean): string {
  const key = `${entity}:${same}`;
  let sql = upserts.get(key);
  if (!sql) {
    const cols = ['id', ...descriptors[entity].columns, 'json', 'base'];
    const marks = cols.slice(0, -2).map(() => '?');
    sql = `INSERT INTO ${entity} (${cols.join(', ')}) VALUES (${[...marks, '?', same ? `'${SAME_AS_VIEW}'` : '?'].join(', ')})
      ON CONFLICT (id) DO UPDATE SET ${cols
        .slice(1)
        .map((c) => `${c} = excluded.${c}`)
        .join(', ')}`;
    upserts.set(key, sql);
  }
  return sql;
}

export interface EntityRow {
  json: string | null;
  base: string | null;
}

/**
 * The id a record goes by now. A record made here is renamed when the service takes it, but a
 * view, a dialog or an address may still hold the local id: it keeps finding the record.
 */
export function currentId(db: CacheDb, id: string): string {
  const mapped = stmt(db, 'SELECT server_id FROM id_map WHERE local_id = ?').get(id) as
    { server_id: string } | undefined;
  return mapped?.server_id ?? id;
}

export function readRow(db: CacheDb, entity: EntityName, id: string): EntityRow | undefined {
  return stmt(db, `SELECT record AS json, ${BASE_COLUMN} AS base FROM ${entity} WHERE id = ?`).get(id) as
    EntityRow | undefined;
}

/** What the user sees of a record: null when it does not exist or was deleted here. */
export function readEffective<E extends EntityName>(db: CacheDb, entity: E, id: string): EntityRecords[E] | null {
  const row = readRow(db, entity, id);
  return row?.json ? (JSON.parse(row.json) as EntityRecords[E]) : null;
}

export function readBase<E extends EntityName>(db: CacheDb, entity: E, id: string): EntityRecords[E] | null {
  const row = readRow(db, entity, id);
  return row?.base ? (JSON.parse(row.base) as EntityRecords[E]) : null;
}

/**
 * Writes both copies of a record. A row with neither copy is removed. (Triggers keep the
 * trainings' full-text index in step.)
 */
export function writeRow<E extends EntityName>(
  db: CacheDb,
  entity: E,
  id: string,
  effective: EntityRecords[E] | null,
  base: EntityRecords[E] | null,
): void {
  if (!effective && !base) {
    stmt(db, `DELETE FROM ${entity} WHERE id = ?`).run(id);
    return;
  }
  const values = effective ? descriptors[entity].values(effective) : descriptors[entity].columns.map(() => null);
  const json = effective ? storedJson(entity, effective) : null;
  // Fresh from the service, both copies are the same object: serialize it once, store it once.
  if (base === effective) {
    stmt(db, upsertSql(entity, true)).run(id, ...values, json);
    return;
  }
  stmt(db, upsertSql(entity, false)).run(id, ...values, json, base ? JSON.stringify(base) : null);
}

/** Keeps how a record last stood once the service no longer has it (what a notification about it can say). */
export function rememberGone(db: CacheDb, entity: EntityName, id: string, at: string): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO gone (entity, id, json, noticed_at)
     SELECT ?, id, coalesce(${BASE_COLUMN}, record), ? FROM ${entity}
     WHERE id = ? AND coalesce(${BASE_COLUMN}, record) IS NOT NULL`,
  ).run(entity, at, id);
}

/** How a record the service no longer has last stood, and when that was noticed. */
export function readGone<E extends EntityName>(
  db: CacheDb,
  entity: E,
  id: string,
): { record: EntityRecords[E]; noticedAt: string } | null {
  const row = stmt(db, 'SELECT json, noticed_at FROM gone WHERE entity = ? AND id = ?').get(entity, id) as
    { json: string; noticed_at: string } | undefined;
  return row ? { record: JSON.parse(row.json) as EntityRecords[E], noticedAt: row.noticed_at } : null;
}

/** The service no longer has the record: what the user sees stays while changes to it are queued. */
export function dropBase(db: CacheDb, entity: EntityName, id: string): void {
  stmt(db, `UPDATE ${entity} SET base = NULL WHERE id = ?`).run(id);
}

/** Whose records, when not all of an entity's: one person's, or everyone's but one person's. */
export type Owner = { of: string } | { notOf: string };

/** The records of an entity the service has (those with a base); of an owned one (user_id), only `owner`'s when given. */
export function idsWithBase(db: CacheDb, entity: EntityName, owner?: Owner): string[] {
  const sql = `SELECT id FROM ${entity} WHERE base IS NOT NULL`;
  const rows = !owner
    ? stmt(db, sql).all()
    : 'of' in owner
      ? stmt(db, `${sql} AND user_id = ?`).all(owner.of)
      : stmt(db, `${sql} AND user_id IS NOT ?`).all(owner.notOf);
  return (rows as { id: string }[]).map((r) => r.id);
}

/** Moves a record to the id the service gave it. */
export function renameRow(db: CacheDb, entity: EntityName, from: string, to: string): void {
  stmt(db, `DELETE FROM ${entity} WHERE id = ?`).run(to);
  stmt(db, `UPDATE ${entity} SET id = ? WHERE id = ?`).run(to, from);
}

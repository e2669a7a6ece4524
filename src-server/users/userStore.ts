import {
  personWeekSchema,
  roleSchema,
  type List,
  type PersonStatus,
  type PersonWeek,
  type Role,
  type User,
  type UserListQuery,
} from '@shared/wire';
import { isLocale, type Locale } from '@shared/i18n/locales';
import type { Preferences, PreferencesUpdate } from '@shared/wire';
import type { ListScope, Person } from '../access/scope';
import { scopeCondition } from '../access/scopeStore';
import type { Engine } from '../db/engine/engine';
import { Conditions, readPage } from '../db/engine/pages';
import type { TenantDb } from '../db/tenantDb';

export interface UserRow {
  id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  department_id: string | null;
  manager_id: string | null;
  nationality: string;
  roles: string;
  start_date: string | null;
  status: PersonStatus;
  end_date: string | null;
  working_week: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Every column but the password hash: no query outside auth ever reads it. */
export const USER_COLUMNS = `id, organization_id, email, first_name, last_name, department_id, manager_id,
  nationality, roles, start_date, status, end_date, working_week, created_at, updated_at, version`;

/** A person's own week as stored (JSON written from a checked week), or null for the organization's. */
export const readWeek = (text: string | null): PersonWeek | null =>
  text ? personWeekSchema.parse(JSON.parse(text)) : null;

const writtenWeek = (week: PersonWeek | null | undefined) => (week ? JSON.stringify(week) : null);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organizationId: row.organization_id,
    departmentId: row.department_id,
    managerId: row.manager_id,
    nationality: row.nationality,
    roles: roleSchema.array().parse(JSON.parse(row.roles)),
    startDate: row.start_date,
    status: row.status,
    endDate: row.end_date,
    workingWeek: readWeek(row.working_week),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export async function findUserRow(tenant: TenantDb, id: string): Promise<UserRow | undefined> {
  return tenant.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE organization_id = :org AND id = :id`, {
    id,
  });
}

const SORT_COLUMNS: Record<UserListQuery['sortBy'], string> = {
  lastName: 'last_name COLLATE NOCASE',
  firstName: 'first_name COLLATE NOCASE',
  email: 'email',
  createdAt: 'created_at',
};

/** A page of the directory: people whose name or email contains `search`, of a department, employed now or before. */
export async function userPage(
  tenant: TenantDb,
  filter: { search?: string; departmentId?: string; employment: UserListQuery['employment']; today: string },
  sort: { by: UserListQuery['sortBy']; order: 'asc' | 'desc' },
  paging: { page: number; pageSize: number },
): Promise<List<User>> {
  const where = new Conditions()
    .search(["first_name || ' ' || last_name", 'email'], filter.search)
    .equal('department_id', 'departmentId', filter.departmentId);
  if (filter.employment === 'current') where.and('(end_date IS NULL OR end_date >= :today)', { today: filter.today });
  if (filter.employment === 'former') where.and('end_date < :today', { today: filter.today });
  return readPage<UserRow, User>(
    tenant,
    {
      select: USER_COLUMNS,
      table: 'users',
      orderBy: `${SORT_COLUMNS[sort.by]} ${sort.order === 'desc' ? 'DESC' : 'ASC'}`,
      ...where.clause(),
    },
    paging,
    toUser,
  );
}

export async function userExists(tenant: TenantDb, id: string): Promise<boolean> {
  return (await tenant.get('SELECT 1 FROM users WHERE organization_id = :org AND id = :id', { id })) !== undefined;
}

/** Which of these ids are people of the organization. */
export async function existingUserIds(tenant: TenantDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tenant.all<{ id: string }>(
    'SELECT id FROM users WHERE organization_id = :org AND id IN (SELECT value FROM json_each(:ids))',
    { ids: JSON.stringify(ids) },
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether someone of the organization has this email (emails are unique per organization). */
export async function emailInUse(tenant: TenantDb, email: string): Promise<boolean> {
  return (
    (await tenant.get('SELECT 1 FROM users WHERE organization_id = :org AND email = :email', { email })) !== undefined
  );
}

/** Whether `userId` is `managerId` or above them in their chain of managers. */
export async function inManagerChain(tenant: TenantDb, managerId: string, userId: string): Promise<boolean> {
  const found = await tenant.get(
    `WITH RECURSIVE chain(id) AS (
       SELECT :managerId
       UNION SELECT u.manager_id FROM users u JOIN chain c ON u.id = c.id
       WHERE u.organization_id = :org AND u.manager_id IS NOT NULL)
     SELECT 1 FROM chain WHERE id = :userId`,
    { managerId, userId },
  );
  return found !== undefined;
}

/** The ids of the organization's admins. */
export async function adminIds(tenant: TenantDb): Promise<string[]> {
  const rows = await tenant.all<{ id: string }>(
    `SELECT id FROM users WHERE organization_id = :org AND roles LIKE '%"ADMIN"%'`,
  );
  return rows.map((r) => r.id);
}

export interface ReportingLine {
  managerId: string | null;
  departmentId: string | null;
}

/** Whom a person reports to and where they work; undefined when not in the organization. */
export async function reportingLineOf(tenant: TenantDb, id: string): Promise<ReportingLine | undefined> {
  return tenant.get(
    'SELECT manager_id AS managerId, department_id AS departmentId FROM users WHERE organization_id = :org AND id = :id',
    { id },
  );
}

export async function departmentMemberIds(tenant: TenantDb, departmentId: string): Promise<string[]> {
  const rows = await tenant.all<{ id: string }>(
    'SELECT id FROM users WHERE organization_id = :org AND department_id = :department',
    { department: departmentId },
  );
  return rows.map((r) => r.id);
}

export interface CalendarPerson {
  id: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  nationality: string;
  managerId: string | null;
  workingWeek: PersonWeek | null;
}

/** Whom the calendar shows: the department of the scope's person and everyone in the scope, by name. */
export async function calendarPeople(
  tenant: TenantDb,
  scope: ListScope,
  departmentId: string | undefined,
  /** The first day shown: who left before it is not in the calendar. */
  from: string,
): Promise<CalendarPerson[]> {
  const inScope = scopeCondition(scope, 'id');
  const rows = await tenant.all<Omit<CalendarPerson, 'workingWeek'> & { workingWeek: string | null }>(
    `SELECT id, first_name AS firstName, last_name AS lastName, department_id AS departmentId, nationality,
           manager_id AS managerId, working_week AS workingWeek
         FROM users
         WHERE organization_id = :org AND (end_date IS NULL OR end_date >= :from)
           AND (department_id = (SELECT department_id FROM users WHERE organization_id = :org AND id = :scopeUserId)
                OR ${inScope.sql})
           ${departmentId ? 'AND department_id = :departmentId' : ''}
         ORDER BY last_name, first_name, id`,
    { ...inScope.params, departmentId, from },
  );
  // Most people work the organization's week: only an own week is parsed.
  return rows.map((r) =>
    r.workingWeek === null ? (r as CalendarPerson) : { ...r, workingWeek: readWeek(r.workingWeek) },
  );
}

export interface PersonRecord extends Person {
  firstName: string;
  lastName: string;
  nationality: string;
  /** The first day of employment, when known (balances). */
  startDate: string | null;
  /** The last working day, when they leave (balances: pro rata to it). */
  endDate: string | null;
  /** Their own working week, or null for the organization's. */
  workingWeek: PersonWeek | null;
}

/** The owner of a record as the scope guard needs it; undefined when not in the organization. */
export async function findPerson(tenant: TenantDb, id: string): Promise<PersonRecord | undefined> {
  const row = await tenant.get<Omit<PersonRecord, 'workingWeek'> & { workingWeek: string | null }>(
    `SELECT id, manager_id AS managerId, first_name AS firstName, last_name AS lastName, nationality,
       start_date AS startDate, end_date AS endDate, working_week AS workingWeek
     FROM users WHERE organization_id = :org AND id = :id`,
    { id },
  );
  return row && { ...row, workingWeek: readWeek(row.workingWeek) };
}

/** A new account as stored: its password only as a hash. */
export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  managerId: string | null;
  nationality: string;
  roles: readonly Role[];
  startDate: string | null;
  status: PersonStatus;
  /** The last working day, for someone recorded as gone already (the demo's former colleagues). */
  endDate?: string | null;
  /** Their own working week (the demo's part-timers, an import); absent: the organization's. */
  workingWeek?: PersonWeek | null;
  /** The language of their mails; absent: English until they or the app say. */
  locale?: Locale | null;
  createdAt: string;
}

export async function insertUser(tenant: TenantDb, u: NewAccount): Promise<void> {
  await tenant.run(
    `INSERT INTO users (id, organization_id, email, password_hash, first_name, last_name, department_id,
       manager_id, nationality, roles, start_date, status, end_date, working_week, locale, created_at, updated_at, version)
     VALUES (:id, :org, :email, :passwordHash, :firstName, :lastName, :departmentId, :managerId, :nationality,
       :roles, :startDate, :status, :endDate, :workingWeek, :locale, :createdAt, :createdAt, 1)`,
    {
      ...u,
      locale: u.locale ?? null,
      endDate: u.endDate ?? null,
      workingWeek: writtenWeek(u.workingWeek),
      email: u.email.toLowerCase(),
      roles: JSON.stringify([...new Set(u.roles)]),
    },
  );
}

/** Stores what an admin may change of a person. */
export async function updateUser(
  tenant: TenantDb,
  id: string,
  u: Pick<
    NewAccount,
    'firstName' | 'lastName' | 'departmentId' | 'managerId' | 'nationality' | 'roles' | 'startDate'
  > & {
    workingWeek: PersonWeek | null;
  },
  now: string,
): Promise<void> {
  await tenant.run(
    `UPDATE users SET first_name = :firstName, last_name = :lastName, department_id = :departmentId,
       manager_id = :managerId, nationality = :nationality, roles = :roles, start_date = :startDate,
       working_week = :workingWeek, updated_at = :now, version = version + 1
     WHERE organization_id = :org AND id = :id`,
    { id, ...u, roles: JSON.stringify([...new Set(u.roles)]), workingWeek: writtenWeek(u.workingWeek), now },
  );
}

/** Who a person reports to, set as the demo's people are made (not an edit: no new version). */
export async function setManager(tenant: TenantDb, id: string, managerId: string): Promise<void> {
  await tenant.run('UPDATE users SET manager_id = :managerId WHERE organization_id = :org AND id = :id', {
    id,
    managerId,
  });
}

/** Sets a person's own working week (the demo's part-timers, made before their week is known; not an edit). */
export async function setWorkingWeek(tenant: TenantDb, id: string, week: PersonWeek | null): Promise<void> {
  await tenant.run('UPDATE users SET working_week = :week WHERE organization_id = :org AND id = :id', {
    id,
    week: writtenWeek(week),
  });
}

/** Sets a person's first day of employment (the demo's people, made before it is known; not an edit). */
export async function setStartDate(tenant: TenantDb, id: string, startDate: string | null): Promise<void> {
  await tenant.run('UPDATE users SET start_date = :startDate WHERE organization_id = :org AND id = :id', {
    id,
    startDate,
  });
}

/** A person's status and last working day as an admin changes them. */
export async function setEmployment(
  tenant: TenantDb,
  id: string,
  e: { status: PersonStatus; endDate: string | null },
  now: string,
): Promise<void> {
  await tenant.run(
    `UPDATE users SET status = :status, end_date = :endDate, updated_at = :now, version = version + 1
     WHERE organization_id = :org AND id = :id`,
    { id, ...e, now },
  );
}

/** Whether a person has chosen a password yet (a person brought back is INVITED again if not). */
export async function hasPassword(tenant: TenantDb, id: string): Promise<boolean> {
  const row = await tenant.get<{ set: number }>(
    `SELECT CASE WHEN password_hash = '' THEN 0 ELSE 1 END AS "set" FROM users WHERE organization_id = :org AND id = :id`,
    { id },
  );
  return row?.set === 1;
}

/** The administrators who have joined and are not leaving, but `except`. */
export async function otherActiveAdmins(tenant: TenantDb, except: string): Promise<number> {
  const row = await tenant.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM users WHERE organization_id = :org AND id <> :except AND status = 'ACTIVE'
       AND end_date IS NULL AND roles LIKE '%"ADMIN"%'`,
    { except },
  );
  return Number(row!.n);
}

/** The people who report to `managerId` directly and have not left. */
export async function directReportIds(tenant: TenantDb, managerId: string): Promise<string[]> {
  const rows = await tenant.all<{ id: string }>(
    `SELECT id FROM users WHERE organization_id = :org AND manager_id = :managerId AND status <> 'LEFT'`,
    { managerId },
  );
  return rows.map((r) => r.id);
}

/** Moves these people to a new manager: each a new version. */
export async function setManagerOf(
  tenant: TenantDb,
  ids: readonly string[],
  managerId: string | null,
  now: string,
): Promise<void> {
  if (ids.length === 0) return;
  await tenant.run(
    `UPDATE users SET manager_id = :managerId, updated_at = :now, version = version + 1
     WHERE organization_id = :org AND id IN (SELECT value FROM json_each(:ids))`,
    { ids: JSON.stringify(ids), managerId, now },
  );
}

/** Everyone whose last working day has passed becomes LEFT (the hourly sweep, every organization). */
export async function markLeavers(engine: Engine, today: string, now: string): Promise<number> {
  const { changes } = await engine.run(
    `UPDATE users SET status = 'LEFT', updated_at = :now, version = version + 1
     WHERE end_date IS NOT NULL AND end_date < :today AND status <> 'LEFT'`,
    { today, now },
  );
  return changes;
}

/** Sets a person's roles (a new version). */
export async function setRoles(tenant: TenantDb, id: string, roles: readonly Role[], now: string): Promise<void> {
  await tenant.run(
    `UPDATE users SET roles = :roles, updated_at = :now, version = version + 1 WHERE organization_id = :org AND id = :id`,
    { id, now, roles: JSON.stringify([...new Set(roles)]) },
  );
}

/** Everyone of the organization as an import matches them: by email, with what it may change. */
export async function everyoneForImport(tenant: TenantDb): Promise<UserRow[]> {
  return tenant.all<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE organization_id = :org`);
}

/** Whether a person's notifications also come by mail. */
export async function readPreferences(tenant: TenantDb, id: string): Promise<Preferences> {
  const row = await tenant.get<{ email_notifications: number; locale: string | null }>(
    'SELECT email_notifications, locale FROM users WHERE organization_id = :org AND id = :id',
    { id },
  );
  return { emailNotifications: (row?.email_notifications ?? 1) === 1, locale: localeOf(row?.locale) };
}

/** A stored language, as one of ours (null when none is, or one no longer spoken). */
const localeOf = (stored: string | null | undefined): Locale | null => (isLocale(stored) ? stored : null);

/** The language a person's mails are written in: theirs, else English. */
export async function readLocale(tenant: TenantDb, id: string): Promise<Locale> {
  const row = await tenant.get<{ locale: string | null }>(
    'SELECT locale FROM users WHERE organization_id = :org AND id = :id',
    { id },
  );
  return localeOf(row?.locale) ?? 'en';
}

export async function writePreferences(tenant: TenantDb, id: string, p: PreferencesUpdate): Promise<void> {
  await tenant.run(
    `UPDATE users SET email_notifications = COALESCE(:on, email_notifications), locale = COALESCE(:locale, locale)
     WHERE organization_id = :org AND id = :id`,
    { id, on: p.emailNotifications === undefined ? null : p.emailNotifications ? 1 : 0, locale: p.locale ?? null },
  );
}

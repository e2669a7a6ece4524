import type { Employment, PageQuery } from '@shared/appApi';
import type { KnownPerson } from '@shared/rules';
import type { List, Organization, ReferenceItem, User } from '@shared/wire';
import { cachePage, Conditions, containing } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

export type TrainingRefKind = 'category' | 'provider' | 'type';

/** The training references, replaced whole. */
export function replaceReferences(db: CacheDb, refs: { kind: TrainingRefKind; items: ReferenceItem[] }[]): void {
  prepared(db, 'DELETE FROM training_refs').run();
  const ref = prepared(db, 'INSERT INTO training_refs (kind, id, name) VALUES (?, ?, ?)');
  for (const { kind, items } of refs) for (const r of items) ref.run(kind, r.id, r.name);
}

/** The organization as the service last described it (kept in meta: one row). */
export function writeOrganization(db: CacheDb, org: Organization): void {
  prepared(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('organization', ?)").run(JSON.stringify(org));
}

export function readOrganization(db: CacheDb): Organization | null {
  const row = prepared(db, "SELECT value FROM meta WHERE key = 'organization'").get() as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as Organization) : null;
}

/** Employed on `today` (the parameter): not closed (a last day before it) and not marked as gone. */
const employed = (row = '', today = '?') =>
  `(${row}status IS NOT 'LEFT' AND (${row}end_date IS NULL OR ${row}end_date >= ${today}))`;
const EMPLOYED = employed();

/** The narrowing the directory may ask for: a name or email containing `search`, a department, a manager, whom. */
export interface UserFilter {
  search?: string;
  departmentId?: string;
  managerId?: string;
  /** People employed now (the default), former colleagues, or both. */
  employment?: Employment;
}

/** A page of the directory, by name. */
export function usersPage(db: CacheDb, q: UserFilter & PageQuery, today: string): List<User> {
  const where = new Conditions().and('json IS NOT NULL');
  const search = q.search?.trim();
  if (search) {
    const like = containing(search);
    where.and("(first_name || ' ' || last_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')", like, like);
  }
  where.equal('department_id', q.departmentId).equal('manager_id', q.managerId);
  const employment = q.employment ?? 'current';
  if (employment === 'current') where.and(EMPLOYED, today);
  else if (employment === 'former') where.and(`NOT ${EMPLOYED}`, today);
  return cachePage<User>(db, {
    from: `FROM users WHERE ${where.sql}`,
    params: where.params,
    orderBy: 'last_name, first_name, id',
    page: q.page,
    pageSize: q.pageSize,
  });
}

export function readUser(db: CacheDb, id: string): User | null {
  const row = prepared(db, 'SELECT record AS json FROM users WHERE id = ?').get(id) as
    { json: string | null } | undefined;
  return row?.json ? (JSON.parse(row.json) as User) : null;
}

/** A person's direct reports employed on `today`, by name. */
export function reportsOf(db: CacheDb, managerId: string, today: string): User[] {
  const rows = prepared(
    db,
    `SELECT record AS json FROM users WHERE manager_id = ? AND json IS NOT NULL AND ${EMPLOYED} ORDER BY last_name, first_name, id`,
  ).all(managerId, today) as { json: string }[];
  return rows.map((r) => JSON.parse(r.json) as User);
}

/** Everyone employed on `today`, compact, for the organization chart: id, name, manager, department. */
export function chartPeople(
  db: CacheDb,
  today: string,
): { id: string; name: string; managerId: string | null; departmentId: string | null; status: string }[] {
  return prepared(
    db,
    `SELECT id, first_name || ' ' || last_name AS name, manager_id AS managerId, department_id AS departmentId, status
     FROM users WHERE json IS NOT NULL AND ${EMPLOYED} ORDER BY last_name, first_name, id`,
  ).all(today) as { id: string; name: string; managerId: string | null; departmentId: string | null; status: string }[];
}

/** Everyone's name ("Alice Archer"), by id: former colleagues too, whose records still name them. */
export function userNames(db: CacheDb): Record<string, string> {
  const rows = prepared(
    db,
    "SELECT id, first_name || ' ' || last_name AS name FROM users WHERE json IS NOT NULL",
  ).all() as { id: string; name: string }[];
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** How many different people employed on `today`: everyone, or those of some departments and some people besides. */
export function countUsers(
  db: CacheDb,
  q: { all?: boolean; departmentIds: string[]; userIds: string[] },
  today: string,
): number {
  if (q.all) {
    return (
      prepared(db, `SELECT COUNT(*) AS n FROM users WHERE json IS NOT NULL AND ${EMPLOYED}`).get(today) as {
        n: number;
      }
    ).n;
  }
  return (
    prepared(
      db,
      `SELECT COUNT(*) AS n FROM users
       WHERE json IS NOT NULL AND ${EMPLOYED}
         AND (department_id IN (SELECT value FROM json_each(?)) OR id IN (SELECT value FROM json_each(?)))`,
    ).get(today, JSON.stringify(q.departmentIds), JSON.stringify(q.userIds)) as { n: number }
  ).n;
}

/** Everyone the cache knows, as an import matches them: by email, with their manager's email. */
export function knownPeople(db: CacheDb, today: string): (KnownPerson & { id: string; json: string })[] {
  const rows = prepared(
    db,
    `SELECT u.id, u.email, m.email AS managerEmail, NOT ${employed('u.')} AS left, u.record AS json
     FROM users u LEFT JOIN users m ON m.id = u.manager_id WHERE u.json IS NOT NULL`,
  ).all(today) as { id: string; email: string; managerEmail: string | null; left: number; json: string }[];
  return rows.map((r) => ({ ...r, left: r.left === 1 }));
}

export interface DepartmentRow extends ReferenceItem {
  /** People employed now in it. */
  people: number;
  /** Former colleagues still in it (a department with anyone in it cannot be deleted). */
  former: number;
}

export function departments(db: CacheDb): ReferenceItem[] {
  return prepared(
    db,
    'SELECT id, name FROM departments WHERE json IS NOT NULL ORDER BY name, id',
  ).all() as ReferenceItem[];
}

/** The departments with how many are in each, by name. */
export function departmentsWithHeadcount(db: CacheDb, today: string): DepartmentRow[] {
  return prepared(
    db,
    `SELECT d.id, d.name,
       (SELECT COUNT(*) FROM users u WHERE u.department_id = d.id AND u.json IS NOT NULL
          AND ${employed('u.', ':today')}) AS people,
       (SELECT COUNT(*) FROM users u WHERE u.department_id = d.id AND u.json IS NOT NULL
          AND NOT ${employed('u.', ':today')}) AS former
     FROM departments d WHERE d.json IS NOT NULL ORDER BY d.name, d.id`,
  ).all({ today }) as DepartmentRow[];
}

/** A department of this name (any case), other than `except`. */
export function departmentNamed(db: CacheDb, name: string, except?: string): ReferenceItem | null {
  return (
    (prepared(db, 'SELECT id, name FROM departments WHERE json IS NOT NULL AND name = ? AND id IS NOT ?').get(
      name.trim(),
      except ?? null,
    ) as ReferenceItem | undefined) ?? null
  );
}

/** Someone of the organization with this email (any case), other than `except`. */
export function personWithEmail(db: CacheDb, email: string, except?: string): string | null {
  const row = prepared(
    db,
    'SELECT id FROM users WHERE json IS NOT NULL AND lower(email) = lower(?) AND id IS NOT ? LIMIT 1',
  ).get(email.trim(), except ?? null) as { id: string } | undefined;
  return row?.id ?? null;
}

/** The managers above a person, nearest first (a chain that loops stops where it would repeat). */
export function managerChain(db: CacheDb, id: string): string[] {
  const rows = prepared(
    db,
    `WITH RECURSIVE up (id, depth) AS (
       SELECT manager_id, 1 FROM users WHERE id = ? AND manager_id IS NOT NULL
       UNION SELECT u.manager_id, up.depth + 1 FROM users u JOIN up ON u.id = up.id
         WHERE u.manager_id IS NOT NULL AND up.depth < 200
     )
     SELECT id FROM up ORDER BY depth`,
  ).all(id) as { id: string }[];
  const chain: string[] = [];
  for (const { id: at } of rows) {
    if (chain.includes(at)) break;
    chain.push(at);
  }
  return chain;
}

/** Administrators who have joined and have no last day, other than `except`. */
export function otherActiveAdmins(db: CacheDb, except: string): number {
  return (
    prepared(
      db,
      `SELECT COUNT(*) AS n FROM users, json_each(users.json, '$.roles') AS role
       WHERE users.json IS NOT NULL AND role.value = 'ADMIN' AND status = 'ACTIVE' AND end_date IS NULL AND id != ?`,
    ).get(except) as { n: number }
  ).n;
}

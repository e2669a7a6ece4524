import type { PageQuery } from '@shared/appApi';
import type { List, Organization, ReferenceItem, User } from '@shared/wire';
import { cachePage, Conditions, containing } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

export type TrainingRefKind = 'category' | 'provider' | 'type';

/** The training references and (when the service lists them) the departments, replaced whole. */
export function replaceReferences(
  db: CacheDb,
  refs: { kind: TrainingRefKind; items: ReferenceItem[] }[],
  departments: ReferenceItem[] | null,
): void {
  prepared(db, 'DELETE FROM training_refs').run();
  const ref = prepared(db, 'INSERT INTO training_refs (kind, id, name) VALUES (?, ?, ?)');
  for (const { kind, items } of refs) for (const r of items) ref.run(kind, r.id, r.name);
  if (!departments) return;
  prepared(db, 'DELETE FROM departments').run();
  const department = prepared(db, 'INSERT INTO departments (id, name) VALUES (?, ?)');
  for (const d of departments) department.run(d.id, d.name);
}

export function writeUser(db: CacheDb, u: User): void {
  prepared(
    db,
    `INSERT INTO users (id, last_name, first_name, email, department_id, manager_id, json) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET last_name = excluded.last_name, first_name = excluded.first_name,
       email = excluded.email, department_id = excluded.department_id, manager_id = excluded.manager_id, json = excluded.json`,
  ).run(u.id, u.lastName, u.firstName, u.email, u.departmentId, u.managerId, JSON.stringify(u));
}

/** Drops the people the service no longer lists. */
export function keepOnlyUsers(db: CacheDb, seen: ReadonlySet<string>): void {
  const drop = prepared(db, 'DELETE FROM users WHERE id = ?');
  for (const { id } of prepared(db, 'SELECT id FROM users').all() as { id: string }[]) if (!seen.has(id)) drop.run(id);
}

/** The organization as the service last described it (kept in meta: one row). */
export function writeOrganization(db: CacheDb, org: Organization): void {
  prepared(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('organization', ?)").run(JSON.stringify(org));
}

export function readOrganization(db: CacheDb): Organization | null {
  const row = prepared(db, "SELECT value FROM meta WHERE key = 'organization'").get() as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as Organization) : null;
}

/** The narrowing the directory may ask for: a name or email containing `search`, a department, a manager. */
export interface UserFilter {
  search?: string;
  departmentId?: string;
  managerId?: string;
}

/** A page of the directory, by name. */
export function usersPage(db: CacheDb, q: UserFilter & PageQuery): List<User> {
  const where = new Conditions();
  const search = q.search?.trim();
  if (search) {
    const like = containing(search);
    where.and("(first_name || ' ' || last_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')", like, like);
  }
  where.equal('department_id', q.departmentId).equal('manager_id', q.managerId);
  return cachePage<User>(db, {
    from: `FROM users WHERE ${where.sql}`,
    params: where.params,
    orderBy: 'last_name, first_name, id',
    page: q.page,
    pageSize: q.pageSize,
  });
}

export function readUser(db: CacheDb, id: string): User | null {
  const row = prepared(db, 'SELECT json FROM users WHERE id = ?').get(id) as { json: string } | undefined;
  return row ? (JSON.parse(row.json) as User) : null;
}

/** Everyone's name ("Alice Archer"), by id. */
export function userNames(db: CacheDb): Record<string, string> {
  const rows = prepared(db, "SELECT id, first_name || ' ' || last_name AS name FROM users").all() as {
    id: string;
    name: string;
  }[];
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** How many different people: everyone, or those of some departments and some people besides. */
export function countUsers(db: CacheDb, q: { all?: boolean; departmentIds: string[]; userIds: string[] }): number {
  if (q.all) return (prepared(db, 'SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  return (
    prepared(
      db,
      `SELECT COUNT(*) AS n FROM users
       WHERE department_id IN (SELECT value FROM json_each(?)) OR id IN (SELECT value FROM json_each(?))`,
    ).get(JSON.stringify(q.departmentIds), JSON.stringify(q.userIds)) as { n: number }
  ).n;
}

export function departments(db: CacheDb): ReferenceItem[] {
  return prepared(db, 'SELECT id, name FROM departments ORDER BY name, id').all() as ReferenceItem[];
}

import { parseWithRules } from '@shared/rules';
import {
  fullName,
  hasLeft,
  emailTakenIssue,
  importIssues,
  lastAdminLeavingIssue,
  lastAdminRoleIssue,
  managerLeftIssue,
  managerLoopIssue,
  noPeopleIssue,
  reportsNeedManagerIssue,
  successorIssue,
  unknownDepartmentIssue,
  unknownManagerIssue,
  type FieldIssue,
} from '@shared/rules';
import type { ImportCheck } from '@shared/appApi';
import { importRowSchema, type ImportRow, type User, type UserCreate, type UserUpdate } from '@shared/wire';
import { readEffective } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import { departments, knownPeople, managerChain, otherActiveAdmins, personWithEmail, reportsOf } from './peopleStore';

// What the service would refuse of an admin's change to people, checked on the cache before it is
// queued, in the service's words.

function referenceIssues(
  db: CacheDb,
  subject: User | null,
  fields: { departmentId?: string | null; managerId?: string | null },
  today: string,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (fields.departmentId && !readEffective(db, 'departments', fields.departmentId)) {
    issues.push(unknownDepartmentIssue());
  }
  if (fields.managerId) {
    const manager = readEffective(db, 'users', fields.managerId);
    if (!manager) issues.push(unknownManagerIssue());
    else if (hasLeft(manager.endDate, today)) issues.push(managerLeftIssue(fullName(manager)));
    else if (subject && (manager.id === subject.id || managerChain(db, manager.id).includes(subject.id))) {
      issues.push(managerLoopIssue(subject, manager));
    }
  }
  return issues;
}

export function personCreateIssues(db: CacheDb, fields: Omit<UserCreate, 'password'>, today: string): FieldIssue[] {
  return [
    ...(personWithEmail(db, fields.email) ? [emailTakenIssue()] : []),
    ...referenceIssues(db, null, fields, today),
  ];
}

/** Issues of the fields, and conflicts with the organization (the last admin, reports left without a manager). */
export function personUpdateIssues(
  db: CacheDb,
  current: User,
  fields: UserUpdate,
  today: string,
): { issues: FieldIssue[]; conflict: FieldIssue[] } {
  const issues = referenceIssues(db, current, fields, today);
  const conflict: FieldIssue[] = [];
  const isAdmin = current.roles.includes('ADMIN');
  const lastAdmin =
    isAdmin && current.status === 'ACTIVE' && !current.endDate && otherActiveAdmins(db, current.id) === 0;
  if (lastAdmin && fields.roles && !fields.roles.includes('ADMIN')) conflict.push(lastAdminRoleIssue());
  if (fields.endDate && fields.endDate !== current.endDate) {
    if (isAdmin && otherActiveAdmins(db, current.id) === 0) conflict.push(lastAdminLeavingIssue());
    const reports = reportsOf(db, current.id, today);
    const successor = fields.reassignReportsTo ? readEffective(db, 'users', fields.reassignReportsTo) : null;
    if (reports.length > 0 && !fields.reassignReportsTo) {
      conflict.push(reportsNeedManagerIssue(fullName(current), reports.length));
    } else if (
      fields.reassignReportsTo &&
      (!successor || successor.id === current.id || successor.endDate || successor.status === 'LEFT')
    ) {
      issues.push(successorIssue());
    }
  }
  return { issues, conflict };
}

const key = (email: string) => email.trim().toLowerCase();

/** An import's rows checked here as the service will: each row's fields, then the rows together. */
export function checkImport(db: CacheDb, raw: unknown[], today: string): { check: ImportCheck; valid: ImportRow[] } {
  const issues: FieldIssue[] = [];
  const valid: ImportRow[] = [];
  raw.forEach((row, i) => {
    const parsed = parseWithRules(importRowSchema, row);
    if (parsed.ok) valid.push(parsed.data);
    else issues.push(...parsed.issues.map((x) => ({ ...x, path: `rows[${i}].${x.path}` })));
  });
  const people = knownPeople(db, today);
  const check: ImportCheck = { issues, created: 0, updated: 0, unchanged: 0, departmentsCreated: [] };
  if (raw.length === 0) issues.push(noPeopleIssue());
  if (issues.length) return { check, valid };
  check.issues.push(...importIssues(valid, people));
  const byEmail = new Map(people.map((p) => [key(p.email), p]));
  const departmentNames = new Map(departments(db).map((d) => [d.name.toLowerCase(), d]));
  const made = new Set<string>();
  for (const row of valid) {
    const name = row.department?.trim();
    if (name && !departmentNames.has(name.toLowerCase()) && !made.has(name.toLowerCase())) {
      made.add(name.toLowerCase());
      check.departmentsCreated.push(name);
    }
    const known = byEmail.get(key(row.email));
    if (!known) {
      check.created += 1;
      continue;
    }
    const person = JSON.parse(known.json) as User;
    const department = name ? departmentNames.get(name.toLowerCase())?.id : person.departmentId;
    const same =
      person.firstName === row.firstName &&
      person.lastName === row.lastName &&
      person.nationality === row.nationality &&
      (row.startDate ?? person.startDate ?? null) === (person.startDate ?? null) &&
      department === person.departmentId &&
      (!row.managerEmail || key(row.managerEmail) === (known.managerEmail && key(known.managerEmail))) &&
      (!row.roles || [...row.roles].sort().join() === [...person.roles].sort().join());
    if (same) check.unchanged += 1;
    else check.updated += 1;
  }
  return { check, valid };
}

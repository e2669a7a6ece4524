import { hasLeft, importIssues, lastAdminRoleIssue, type FieldIssue } from '@shared/rules';
import type { ImportResult, ImportRow, Role, User } from '@shared/wire';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import type { ServiceContext } from '../http/context';
import { defineMessage } from '@formatjs/intl';
import { invalid, ref } from '../http/problem';

const ROWS_TO_CORRECT = defineMessage<{ count: number }>({
  id: 'service.import.rowsToCorrect',
  defaultMessage:
    '{count, plural, one {# row needs correcting: nothing was imported} other {# rows need correcting: nothing was imported}}',
});
import { insertDepartment, listDepartments } from '../departments/departmentStore';
import { invite } from './invitations';
import { utcToday } from '@shared/calendar/dates';
import { readOrganization } from '../organization/organizationStore';
import { everyoneForImport, insertUser, setManagerOf, setRoles, toUser, updateUser } from './userStore';

const key = (email: string) => email.trim().toLowerCase();
const sameRoles = (a: readonly Role[], b: readonly Role[]) => [...a].sort().join() === [...b].sort().join();

interface Planned {
  row: ImportRow;
  existing: User | undefined;
  /** The person's fields after the import (department and manager by name and email until written). */
  next: {
    firstName: string;
    lastName: string;
    department: string | null;
    managerEmail: string | null;
    nationality: string;
    startDate: string | null;
    roles: Role[];
  };
  outcome: 'created' | 'updated' | 'unchanged';
}

/**
 * Checks every row against the organization and the file, then (unless `dryRun`) applies them all in
 * one transaction: nothing is written unless every row is valid, and a second run changes nothing.
 * New people are invited; a department named that does not exist is created.
 */
export async function importPeople(
  hr: ServiceContext,
  tenant: TenantDb,
  rows: readonly ImportRow[],
  options: { dryRun: boolean; linkBase: string },
): Promise<ImportResult> {
  return tenant.transaction(async () => {
    const now = hr.clock.now();
    const today = utcToday(now);
    const people = (await everyoneForImport(tenant)).map(toUser);
    const byEmail = new Map(people.map((p) => [key(p.email), p]));
    const emailOf = new Map(people.map((p) => [p.id, p.email]));
    const departments = await listDepartments(tenant);
    const departmentId = new Map(departments.map((d) => [d.name.toLowerCase(), d.id]));
    const departmentName = new Map(departments.map((d) => [d.id, d.name]));

    const issues: FieldIssue[] = importIssues(
      rows,
      people.map((p) => ({
        email: p.email,
        managerEmail: p.managerId ? (emailOf.get(p.managerId) ?? null) : null,
        left: hasLeft(p.endDate, today),
      })),
    );
    const plans: Planned[] = rows.map((row) => {
      const existing = byEmail.get(key(row.email));
      const next = {
        firstName: row.firstName,
        lastName: row.lastName,
        department: row.department ?? (existing?.departmentId ? departmentName.get(existing.departmentId)! : null),
        managerEmail: row.managerEmail ?? (existing?.managerId ? emailOf.get(existing.managerId)! : null),
        nationality: row.nationality,
        startDate: row.startDate ?? existing?.startDate ?? null,
        roles: row.roles ?? existing?.roles ?? ['USER'],
      };
      if (!existing) return { row, existing, next, outcome: 'created' };
      const same =
        existing.firstName === next.firstName &&
        existing.lastName === next.lastName &&
        (existing.departmentId ? departmentName.get(existing.departmentId) : null)?.toLowerCase() ===
          next.department?.toLowerCase() &&
        (existing.managerId ? key(emailOf.get(existing.managerId)!) : null) ===
          (next.managerEmail && key(next.managerEmail)) &&
        existing.nationality === next.nationality &&
        (existing.startDate ?? null) === next.startDate &&
        sameRoles(existing.roles, next.roles);
      return { row, existing, next, outcome: same ? 'unchanged' : 'updated' };
    });
    // The last active administrator keeps the role, in an import too.
    const admins = people.filter((p) => p.roles.includes('ADMIN') && p.status === 'ACTIVE' && !p.endDate);
    const losing = plans.filter((p) => p.existing && admins.includes(p.existing) && !p.next.roles.includes('ADMIN'));
    if (admins.length > 0 && losing.length === admins.length) {
      for (const p of losing) issues.push(lastAdminRoleIssue(`rows[${plans.indexOf(p)}].roles`));
    }
    if (issues.length > 0) {
      const rowsWithIssues = new Set(issues.map((i) => /^rows\[(\d+)\]/.exec(i.path)?.[1])).size;
      throw invalid(issues, ref(ROWS_TO_CORRECT, { count: rowsWithIssues }));
    }

    const newDepartments = [
      ...new Map(
        plans
          .map((p) => p.next.department)
          .filter((d): d is string => !!d && !departmentId.has(d.toLowerCase()))
          .map((d) => [d.toLowerCase(), d]),
      ).values(),
    ];
    const result: ImportResult = {
      dryRun: options.dryRun,
      created: plans.filter((p) => p.outcome === 'created').length,
      updated: plans.filter((p) => p.outcome === 'updated').length,
      unchanged: plans.filter((p) => p.outcome === 'unchanged').length,
      departmentsCreated: newDepartments,
      rows: plans.map((p) => ({
        email: key(p.row.email),
        outcome: p.outcome,
        ...(p.existing ? { userId: p.existing.id } : {}),
      })),
    };
    if (options.dryRun) return result;
    await apply(hr, tenant, plans, result, { newDepartments, departmentId, byEmail, now, linkBase: options.linkBase });
    return result;
  });
}

async function apply(
  hr: ServiceContext,
  tenant: TenantDb,
  plans: readonly Planned[],
  result: ImportResult,
  ctx: {
    newDepartments: readonly string[];
    departmentId: Map<string, string>;
    byEmail: Map<string, User>;
    now: Date;
    linkBase: string;
  },
): Promise<void> {
  const now = ctx.now.toISOString();
  // Read once for every invitation's mail, not once a person.
  const organization = hr.mailer.enabled ? (await readOrganization(tenant)).name : undefined;
  for (const name of ctx.newDepartments) {
    const id = newId();
    await insertDepartment(tenant, { id, name, createdAt: now });
    ctx.departmentId.set(name.toLowerCase(), id);
  }
  const idOf = new Map([...ctx.byEmail].map(([email, p]) => [email, p.id]));
  const department = (p: Planned) =>
    p.next.department ? ctx.departmentId.get(p.next.department.toLowerCase())! : null;
  // New people first, without managers (theirs may be new too), then every manager set.
  for (const [i, p] of plans.entries()) {
    if (p.outcome !== 'created') continue;
    const id = newId();
    idOf.set(key(p.row.email), id);
    await insertUser(tenant, {
      id,
      email: p.row.email,
      passwordHash: '',
      firstName: p.next.firstName,
      lastName: p.next.lastName,
      departmentId: department(p),
      managerId: null,
      nationality: p.next.nationality,
      roles: p.next.roles,
      startDate: p.next.startDate,
      status: 'INVITED',
      createdAt: now,
    });
    const person = { id, email: key(p.row.email), firstName: p.next.firstName };
    const invitation = await invite(hr, tenant, person, ctx.linkBase, { first: true, organization });
    result.rows[i] = { ...result.rows[i]!, userId: id, invitation };
  }
  const managerId = (p: Planned) => (p.next.managerEmail ? idOf.get(key(p.next.managerEmail))! : null);
  const byManager = new Map<string | null, string[]>();
  for (const p of plans) {
    if (p.outcome === 'created') {
      const list = byManager.get(managerId(p)) ?? [];
      list.push(idOf.get(key(p.row.email))!);
      byManager.set(managerId(p), list);
    } else if (p.outcome === 'updated') {
      await updateUser(
        tenant,
        p.existing!.id,
        {
          firstName: p.next.firstName,
          lastName: p.next.lastName,
          departmentId: department(p),
          managerId: managerId(p),
          nationality: p.next.nationality,
          roles: p.next.roles,
          startDate: p.next.startDate,
          // An import says nothing of working weeks: a person's own stays.
          workingWeek: p.existing!.workingWeek ?? null,
        },
        now,
      );
    }
  }
  for (const [manager, ids] of byManager) if (manager) await setManagerOf(tenant, ids, manager, now);
  // Someone given reports becomes a MANAGER, so what waits for their decision is theirs to decide.
  const managers = new Set(plans.map(managerId).filter((m): m is string => !!m));
  const rolesOf = new Map([...ctx.byEmail.values()].map((p) => [p.id, p.roles]));
  for (const p of plans) rolesOf.set(idOf.get(key(p.row.email))!, p.next.roles);
  for (const id of managers) {
    const roles = rolesOf.get(id)!;
    if (!roles.includes('MANAGER') && !roles.includes('ADMIN')) await setRoles(tenant, id, [...roles, 'MANAGER'], now);
  }
}

import {
  fullName,
  hasLeft,
  lastAdminLeavingIssue,
  lastAdminRoleIssue,
  managerLeftIssue,
  managerLoopIssue,
  reportsNeedManagerIssue,
  successorIssue,
  unknownDepartmentIssue,
  unknownManagerIssue,
  type FieldIssue,
} from '@shared/rules';
import type { PersonStatus, Role, User } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { conflict, invalid, issueDetail } from '../http/problem';
import { departmentExists } from '../departments/departmentStore';
import {
  directReportIds,
  findUserRow,
  hasPassword,
  inManagerChain,
  otherActiveAdmins,
  setEmployment,
  setManagerOf,
  setRoles,
  toUser,
} from './userStore';

// What an admin's change to a person means beyond its fields: the manager chain, the last
// administrator, and a leaver's reports.

async function person(tenant: TenantDb, id: string): Promise<User | undefined> {
  const row = await findUserRow(tenant, id);
  return row ? toUser(row) : undefined;
}

/** Department and manager must belong to the organization; a manager must not have left or make a loop. */
export async function checkReferences(
  tenant: TenantDb,
  subject: { id: string; firstName: string; lastName: string } | null,
  departmentId: string | null | undefined,
  managerId: string | null | undefined,
  today: string,
): Promise<void> {
  const errors: FieldIssue[] = [];
  if (departmentId && !(await departmentExists(tenant, departmentId))) errors.push(unknownDepartmentIssue());
  if (managerId) {
    const manager = await person(tenant, managerId);
    if (!manager) errors.push(unknownManagerIssue());
    else if (hasLeft(manager.endDate, today)) errors.push(managerLeftIssue(fullName(manager)));
    else if (subject && (await inManagerChain(tenant, managerId, subject.id))) {
      errors.push(managerLoopIssue(subject, manager));
    }
  }
  if (errors.length) throw invalid(errors);
}

/** The last active administrator keeps the role. */
export async function checkAdminRole(tenant: TenantDb, current: User, roles: readonly Role[]): Promise<void> {
  if (!current.roles.includes('ADMIN') || roles.includes('ADMIN')) return;
  if (current.status === 'ACTIVE' && !current.endDate && (await otherActiveAdmins(tenant, current.id)) === 0) {
    throw conflict(issueDetail(lastAdminRoleIssue()));
  }
}

/**
 * A last working day set or cleared. Someone who still manages people leaves only with
 * `reassignReportsTo` (their reports, and so the requests waiting for their decision, move there);
 * the last active administrator does not leave. Clearing it brings the person back.
 */
export async function changeEmployment(
  tenant: TenantDb,
  current: User,
  change: { endDate: string | null; reassignReportsTo?: string },
  when: { today: string; now: string },
): Promise<void> {
  const { endDate } = change;
  if (endDate === (current.endDate ?? null)) return;
  if (endDate === null) {
    const status: PersonStatus = (await hasPassword(tenant, current.id)) ? 'ACTIVE' : 'INVITED';
    await setEmployment(tenant, current.id, { status, endDate: null }, when.now);
    return;
  }
  if (current.roles.includes('ADMIN') && (await otherActiveAdmins(tenant, current.id)) === 0) {
    throw conflict(issueDetail(lastAdminLeavingIssue()));
  }
  const reports = await directReportIds(tenant, current.id);
  if (reports.length > 0) {
    if (!change.reassignReportsTo)
      throw conflict(issueDetail(reportsNeedManagerIssue(fullName(current), reports.length)));
    await reassignReports(tenant, current, reports, change.reassignReportsTo, when);
  }
  // A last day still to come keeps (or gives back) the status of someone employed.
  const employed: PersonStatus = (await hasPassword(tenant, current.id)) ? 'ACTIVE' : 'INVITED';
  const status: PersonStatus = hasLeft(endDate, when.today) ? 'LEFT' : employed;
  await setEmployment(tenant, current.id, { status, endDate }, when.now);
}

async function reassignReports(
  tenant: TenantDb,
  leaver: User,
  reports: readonly string[],
  to: string,
  when: { today: string; now: string },
): Promise<void> {
  const path = 'reassignReportsTo';
  const successor = await person(tenant, to);
  if (!successor || successor.id === leaver.id || hasLeft(successor.endDate, when.today) || successor.endDate) {
    throw invalid([successorIssue(path)]);
  }
  // A report who takes over reports to the leaver's own manager; the others to them.
  const others = reports.filter((id) => id !== successor.id);
  for (const id of others) {
    if (await inManagerChain(tenant, successor.id, id)) {
      const report = (await person(tenant, id))!;
      throw invalid([managerLoopIssue(report, successor, path)]);
    }
  }
  await setManagerOf(tenant, others, successor.id, when.now);
  if (reports.includes(successor.id)) await setManagerOf(tenant, [successor.id], leaver.managerId, when.now);
  if (others.length > 0) await becomeManager(tenant, successor, when.now);
}

/** Someone given reports becomes a MANAGER, so what waits for their decision is theirs to decide. */
export async function becomeManager(tenant: TenantDb, person: User, now: string): Promise<void> {
  if (person.roles.includes('MANAGER') || person.roles.includes('ADMIN')) return;
  await setRoles(tenant, person.id, [...person.roles, 'MANAGER'], now);
}

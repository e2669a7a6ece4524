import {
  endPartSchema,
  leaveStatusSchema,
  leaveTypeSchema,
  startPartSchema,
  type Leave,
  type LeaveStatus,
  type List,
} from '@shared/wire';
import type { OwnLeave } from '@shared/rules';
import type { ListScope } from '../access/scope';
import { inScopeOf } from '../access/scopeStore';
import { Conditions, readPage } from '../db/engine/pages';
import type { TenantDb } from '../db/tenantDb';

export interface LeaveRow {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  start_part: string;
  end_part: string;
  type: string;
  notes: string | null;
  status: string;
  days: number;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_comment: string | null;
  recorded_by: string | null;
  overrode: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export const LEAVE_COLUMNS = `id, user_id, start_date, end_date, start_part, end_part, type, notes, status, days, reviewed_by,
  reviewed_at, review_comment, recorded_by, overrode, created_at, updated_at, version`;

export function toLeave(row: LeaveRow): Leave {
  return {
    id: row.id,
    userId: row.user_id,
    startDate: row.start_date,
    endDate: row.end_date,
    startPart: startPartSchema.parse(row.start_part),
    endPart: endPartSchema.parse(row.end_part),
    type: leaveTypeSchema.parse(row.type),
    notes: row.notes,
    status: leaveStatusSchema.parse(row.status),
    days: row.days,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    reviewComment: row.review_comment,
    recordedBy: row.recorded_by,
    overrode: row.overrode,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The request if it is in the organization. */
export async function findLeave(tenant: TenantDb, id: string): Promise<Leave | undefined> {
  const row = await tenant.get<LeaveRow>(
    `SELECT ${LEAVE_COLUMNS} FROM leave_requests WHERE organization_id = :org AND id = :id`,
    { id },
  );
  return row && toLeave(row);
}

/** Which requests a list shows: each field given narrows it. */
export interface LeaveFilter {
  /** Only requests in this state: the lists of pending approvals and of approved leave to come. */
  only?: 'PENDING' | 'APPROVED';
  /** Only requests ending at or after this instant. */
  endingFrom?: string;
  scope?: ListScope;
  /** Only requests of this person's direct reports. */
  reportsTo?: string;
  /** No requests of this person. */
  notOf?: string;
  userId?: string;
  status?: LeaveStatus;
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  startDate: 'start_date',
  endDate: 'end_date',
  status: 'status',
  type: 'type',
} as const;

export interface LeaveSort {
  by: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
}

function leaveConditions(f: LeaveFilter): Conditions {
  const c = new Conditions();
  if (f.only) c.and(`status = '${f.only}'`);
  if (f.endingFrom !== undefined) c.and('end_date >= :today', { today: f.endingFrom });
  inScopeOf(c, f.scope);
  if (f.reportsTo !== undefined) {
    c.and('user_id IN (SELECT id FROM users WHERE organization_id = :org AND manager_id = :me)', { me: f.reportsTo });
  }
  if (f.notOf !== undefined) c.and('user_id != :me', { me: f.notOf });
  return c.equal('user_id', 'userId', f.userId).equal('status', 'status', f.status);
}

/** A page of the organization's requests that pass `filter`. */
export async function leavePage(
  tenant: TenantDb,
  filter: LeaveFilter,
  sort: LeaveSort,
  paging: { page: number; pageSize: number },
): Promise<List<Leave>> {
  return readPage<LeaveRow, Leave>(
    tenant,
    {
      select: LEAVE_COLUMNS,
      table: 'leave_requests',
      orderBy: `${SORT_COLUMNS[sort.by]} ${sort.order === 'desc' ? 'DESC' : 'ASC'}`,
      ...leaveConditions(filter).clause(),
    },
    paging,
    toLeave,
  );
}

/** The pending and approved requests of these people touching the days from `start` to `end`, by start. */
export async function leaveOfPeople(
  tenant: TenantDb,
  userIds: readonly string[],
  start: string,
  end: string,
): Promise<Leave[]> {
  const rows = await tenant.all<LeaveRow>(
    // CROSS JOIN keeps the shown people as the outer loop: one index search per person.
    `SELECT ${LEAVE_COLUMNS.split(',')
      .map((c) => `l.${c.trim()}`)
      .join(', ')}
         FROM json_each(:ids) AS shown CROSS JOIN leave_requests AS l
         WHERE l.organization_id = :org AND l.user_id = shown.value
           AND l.status IN ('PENDING', 'APPROVED') AND l.start_date <= :end AND l.end_date >= :start
         ORDER BY l.start_date, l.id`,
    { ids: JSON.stringify(userIds), start, end },
  );
  return rows.map(toLeave);
}

/**
 * The owner's PENDING or APPROVED requests on any of these dates, but `exceptId`: at most the two
 * whose halves may share a first or last day with them, and any between (the rulebook decides).
 */
export async function leaveOnDates(
  tenant: TenantDb,
  userId: string,
  dates: { startDate: string; endDate: string },
  exceptId: string | null,
): Promise<OwnLeave[]> {
  const rows = await tenant.all<{
    startDate: string;
    endDate: string;
    startPart: string;
    endPart: string;
    status: string;
  }>(
    `SELECT start_date AS startDate, end_date AS endDate, start_part AS startPart, end_part AS endPart, status
     FROM leave_requests INDEXED BY leave_org_user_end
     WHERE organization_id = :org AND user_id = :userId AND status IN ('PENDING', 'APPROVED')
       AND start_date <= :endDate AND end_date >= :startDate AND id != :exceptId
     LIMIT 3`,
    { userId, ...dates, exceptId: exceptId ?? '' },
  );
  return rows.map((r) => ({
    startDate: r.startDate,
    endDate: r.endDate,
    startPart: startPartSchema.parse(r.startPart),
    endPart: endPartSchema.parse(r.endPart),
    status: leaveStatusSchema.parse(r.status),
  }));
}

const WRITTEN = {
  id: ':id',
  user_id: ':userId',
  start_date: ':startDate',
  end_date: ':endDate',
  start_part: ':startPart',
  end_part: ':endPart',
  type: ':type',
  notes: ':notes',
  status: ':status',
  days: ':days',
  reviewed_by: ':reviewedBy',
  reviewed_at: ':reviewedAt',
  review_comment: ':reviewComment',
  recorded_by: ':recordedBy',
  overrode: ':overrode',
  created_at: ':createdAt',
  updated_at: ':updatedAt',
  version: ':version',
};

const INSERT_LEAVE = `INSERT INTO leave_requests (organization_id, ${Object.keys(WRITTEN).join(', ')})
  VALUES (:org, ${Object.values(WRITTEN).join(', ')})`;
/** Every column a change may move: all but the id, the owner and the creation time. */
const UPDATE_LEAVE = `UPDATE leave_requests SET ${Object.entries(WRITTEN)
  .filter(([column]) => column !== 'id' && column !== 'user_id' && column !== 'created_at')
  .map(([column, param]) => `${column} = ${param}`)
  .join(', ')} WHERE organization_id = :org AND id = :id`;

/** Stores a new request, as it stands (the demo seeds decided ones). */
export async function insertLeave(tenant: TenantDb, leave: Leave): Promise<void> {
  await tenant.run(INSERT_LEAVE, written(leave));
}

const written = (leave: Leave) => ({
  ...leave,
  startPart: leave.startPart ?? 'FULL',
  endPart: leave.endPart ?? 'FULL',
  reviewComment: leave.reviewComment ?? null,
  recordedBy: leave.recordedBy ?? null,
  overrode: leave.overrode ?? null,
});

/** A person's requests waiting for a decision (their days are counted again when their week changes). */
export async function pendingOf(tenant: TenantDb, userId: string): Promise<Leave[]> {
  const rows = await tenant.all<LeaveRow>(
    `SELECT ${LEAVE_COLUMNS} FROM leave_requests
     WHERE organization_id = :org AND user_id = :userId AND status = 'PENDING' ORDER BY start_date`,
    { userId },
  );
  return rows.map(toLeave);
}

/** Stores a request's new state: its dates, type and notes, or its decision. */
export async function updateLeave(tenant: TenantDb, leave: Leave): Promise<void> {
  await tenant.run(UPDATE_LEAVE, written(leave));
}

export async function deleteLeave(tenant: TenantDb, id: string): Promise<void> {
  await tenant.run('DELETE FROM leave_requests WHERE organization_id = :org AND id = :id', { id });
}

import {
  TRAINING_SORT_COLUMNS,
  trainingOutcomeSchema,
  trainingStatusSchema,
  type List,
  type ReferenceItem,
  type Training,
  type TrainingSortField,
  type TrainingStatus,
} from '@shared/wire';
import type { ReferenceKind } from '@shared/rules';
import type { ListScope } from '../access/scope';
import { inScopeOf } from '../access/scopeStore';
import { Conditions, readPage } from '../db/engine/pages';
import type { TenantDb } from '../db/tenantDb';

export interface TrainingRow {
  id: string;
  user_id: string;
  name: string;
  type_id: string;
  category_id: string;
  provider_id: string | null;
  start_date: string;
  end_date: string | null;
  expiry_date: string | null;
  cost: number | null;
  notes: string | null;
  structured_units: number | null;
  unstructured_units: number | null;
  hours: number | null;
  status: string;
  outcome: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export const TRAINING_COLUMNS = `id, user_id, name, type_id, category_id, provider_id, start_date, end_date,
  expiry_date, cost, notes, structured_units, unstructured_units, hours, status, outcome, created_at,
  updated_at, version`;

/** Sort columns that may be empty: those sort last in either direction. */
const NULLABLE_SORT_COLUMNS = new Set(['end_date', 'expiry_date', 'cost', 'hours']);

export function toTraining(row: TrainingRow): Training {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    typeId: row.type_id,
    categoryId: row.category_id,
    providerId: row.provider_id,
    startDate: row.start_date,
    endDate: row.end_date,
    expiryDate: row.expiry_date,
    cost: row.cost,
    notes: row.notes,
    structuredUnits: row.structured_units,
    unstructuredUnits: row.unstructured_units,
    hours: row.hours,
    status: trainingStatusSchema.parse(row.status),
    outcome: trainingOutcomeSchema.parse(row.outcome),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The training if it is in the organization. */
export async function findTraining(tenant: TenantDb, id: string): Promise<Training | undefined> {
  const row = await tenant.get<TrainingRow>(
    `SELECT ${TRAINING_COLUMNS} FROM trainings WHERE organization_id = :org AND id = :id`,
    { id },
  );
  return row && toTraining(row);
}

/** Which trainings a list shows: one person's, or those of a scope; of a status, named like `search`. */
export interface TrainingFilter {
  userId?: string;
  scope?: ListScope;
  search?: string;
  status?: TrainingStatus;
}

/** A page of the organization's trainings that pass `filter`. */
export async function trainingPage(
  tenant: TenantDb,
  filter: TrainingFilter,
  sort: { by: TrainingSortField; order: 'asc' | 'desc' },
  paging: { page: number; pageSize: number },
): Promise<List<Training>> {
  const where = new Conditions().equal('user_id', 'userId', filter.userId);
  inScopeOf(where, filter.scope).search(['name'], filter.search).equal('status', 'status', filter.status);
  // Names sort without regard to case, along their index.
  const column = sort.by === 'name' ? 'name COLLATE NOCASE' : TRAINING_SORT_COLUMNS[sort.by];
  const direction = sort.order === 'desc' ? 'DESC' : 'ASC';
  return readPage<TrainingRow, Training>(
    tenant,
    {
      select: TRAINING_COLUMNS,
      table: 'trainings',
      orderBy: NULLABLE_SORT_COLUMNS.has(column)
        ? `${column} IS NULL, ${column} ${direction}`
        : `${column} ${direction}`,
      ...where.clause(),
    },
    paging,
    toTraining,
  );
}

/** The person's trainings that could renew a certificate: those with an expiry date. */
export async function certificatesOf(tenant: TenantDb, userId: string): Promise<Training[]> {
  const rows = await tenant.all<TrainingRow>(
    `SELECT ${TRAINING_COLUMNS} FROM trainings
     WHERE organization_id = :org AND user_id = :userId AND expiry_date IS NOT NULL`,
    { userId },
  );
  return rows.map(toTraining);
}

/**
 * The organization's trainings not cancelled whose certificate expires after `now`, by `horizon`,
 * of people who have not left (a leaver is not reminded).
 */
export async function trainingsExpiring(tenant: TenantDb, now: string, horizon: string): Promise<Training[]> {
  const rows = await tenant.all<TrainingRow>(
    `SELECT ${TRAINING_COLUMNS} FROM trainings
         WHERE organization_id = :org AND expiry_date > :now AND expiry_date <= :horizon AND status != 'CANCELLED'
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.organization_id = :org AND u.id = trainings.user_id
             AND (u.status = 'LEFT' OR u.end_date < :today))`,
    { now, horizon, today: now.slice(0, 10) },
  );
  return rows.map(toTraining);
}

/** Stores a training as it stands: a new one, or the new state of one of the organization's. */
export async function writeTraining(tenant: TenantDb, t: Training): Promise<void> {
  await tenant.run(
    `INSERT INTO trainings (id, organization_id, user_id, name, type_id, category_id, provider_id, start_date,
       end_date, expiry_date, cost, notes, structured_units, unstructured_units, hours, status, outcome,
       created_at, updated_at, version)
     VALUES (:id, :org, :userId, :name, :typeId, :categoryId, :providerId, :startDate, :endDate, :expiryDate,
       :cost, :notes, :structuredUnits, :unstructuredUnits, :hours, :status, :outcome, :createdAt, :updatedAt,
       :version)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, type_id = excluded.type_id,
       category_id = excluded.category_id, provider_id = excluded.provider_id, start_date = excluded.start_date,
       end_date = excluded.end_date, expiry_date = excluded.expiry_date, cost = excluded.cost,
       notes = excluded.notes, structured_units = excluded.structured_units,
       unstructured_units = excluded.unstructured_units, hours = excluded.hours, status = excluded.status,
       outcome = excluded.outcome, updated_at = excluded.updated_at, version = excluded.version
     WHERE trainings.organization_id = :org`,
    { ...t },
  );
}

export async function deleteTraining(tenant: TenantDb, id: string): Promise<void> {
  await tenant.run('DELETE FROM trainings WHERE organization_id = :org AND id = :id', { id });
}

/** A type, category or provider of the organization's trainings. */
export async function insertReference(
  tenant: TenantDb,
  r: { id: string; kind: ReferenceKind; name: string },
): Promise<void> {
  await tenant.run(
    'INSERT INTO training_references (id, organization_id, kind, name) VALUES (:id, :org, :kind, :name)',
    r,
  );
}

/** The organization's references of a kind, by name. */
export async function referencesOf(tenant: TenantDb, kind: ReferenceKind): Promise<ReferenceItem[]> {
  return tenant.all(
    'SELECT id, name FROM training_references WHERE organization_id = :org AND kind = :kind ORDER BY name, id',
    { kind },
  );
}

export async function isReference(tenant: TenantDb, kind: ReferenceKind, id: string): Promise<boolean> {
  return (
    (await tenant.get('SELECT 1 FROM training_references WHERE organization_id = :org AND kind = :kind AND id = :id', {
      kind,
      id,
    })) !== undefined
  );
}

import {
  trainingOutcomeSchema,
  trainingStatusSchema,
  type Training,
  type TrainingSortField,
} from '../../src-shared/wire';

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

export const TRAINING_SORT_COLUMNS: Record<TrainingSortField, string> = {
  name: 'name COLLATE NOCASE',
  startDate: 'start_date',
  endDate: 'end_date',
  expiryDate: 'expiry_date',
  createdAt: 'created_at',
  cost: 'cost',
  hours: 'hours',
};

/** Sort columns that may be empty: those sort last in either direction. */
export const NULLABLE_SORT_COLUMNS = new Set(['end_date', 'expiry_date', 'cost', 'hours']);

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

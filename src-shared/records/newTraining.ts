import { toInstant } from '../calendar/dates';
import type { Training, TrainingCreate } from '../wire';

/**
 * A training as created from its create body: PLANNED, PENDING, absent fields empty. The
 * service stores it; the app shows it at once while the create waits in the outbox.
 */
export function newTraining(
  fields: TrainingCreate,
  made: { id: string; userId: string; at: string; version: number },
): Training {
  return {
    id: made.id,
    userId: made.userId,
    name: fields.name,
    typeId: fields.typeId,
    categoryId: fields.categoryId,
    providerId: fields.providerId ?? null,
    startDate: toInstant(fields.startDate),
    endDate: toInstant(fields.endDate),
    expiryDate: toInstant(fields.expiryDate),
    cost: fields.cost ?? null,
    notes: fields.notes ?? null,
    structuredUnits: fields.structuredUnits ?? null,
    unstructuredUnits: fields.unstructuredUnits ?? null,
    hours: fields.hours ?? null,
    status: 'PLANNED',
    outcome: 'PENDING',
    createdAt: made.at,
    updatedAt: made.at,
    version: made.version,
  };
}

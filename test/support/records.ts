import type { Training } from '../../src-shared/wire';

/** A whole training as the service sends it, with the fields a test cares about on top. */
export function trainingRecord(fields: Partial<Training> = {}): Training {
  const at = '2026-03-02T09:00:00.000Z';
  return {
    id: 't1',
    userId: 'u1',
    name: 'First aid',
    typeId: 't',
    categoryId: 'c',
    providerId: null,
    startDate: at,
    endDate: null,
    expiryDate: null,
    cost: null,
    notes: null,
    structuredUnits: null,
    unstructuredUnits: null,
    hours: 1,
    status: 'PLANNED',
    outcome: 'PENDING',
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...fields,
  };
}

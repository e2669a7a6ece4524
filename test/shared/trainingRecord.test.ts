import { describe, expect, it } from 'vitest';
import { trainingRecord } from '../../src-shared/records/trainingRecord';
import type { Training } from '../../src-shared/wire';
import { trainingRecord as made } from '../support/records';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
// Completed and passed unless said otherwise, started on New Year's Day.
const t = (more: Partial<Training>): Training =>
  made({ hours: null, startDate: '2026-01-01T00:00:00.000Z', status: 'COMPLETED', outcome: 'PASSED', ...more });

describe('a person’s training record', () => {
  it('adds up this year, leaves cancelled ones out, and lists certificates by what lapses next', () => {
    const record = trainingRecord(
      { id: 'u1', name: 'Alice Archer', email: 'alice@acme.test', department: 'Engineering' },
      [
        t({
          id: 'a',
          name: 'First aid',
          startDate: '2026-03-02T00:00:00.000Z',
          hours: 8,
          cost: 120.5,
          structuredUnits: 2,
          expiryDate: '2027-03-02T00:00:00.000Z',
        }),
        t({
          id: 'b',
          name: 'Fire safety',
          startDate: '2026-06-01T00:00:00.000Z',
          hours: 2.5,
          cost: 40,
          unstructuredUnits: 1,
          expiryDate: '2026-12-01T00:00:00.000Z',
        }),
        t({
          id: 'c',
          name: 'Cancelled course',
          startDate: '2026-07-01T00:00:00.000Z',
          hours: 16,
          cost: 900,
          status: 'CANCELLED',
          outcome: 'NOT_APPLICABLE',
          expiryDate: '2026-12-24T00:00:00.000Z',
        }),
        t({
          id: 'd',
          name: 'Old licence',
          startDate: '2024-05-05T00:00:00.000Z',
          hours: 40,
          cost: 2000,
          expiryDate: '2025-05-05T00:00:00.000Z',
        }),
        t({
          id: 'f',
          name: 'Failed exam',
          startDate: '2025-02-01T00:00:00.000Z',
          outcome: 'FAILED',
          expiryDate: '2027-02-01T00:00:00.000Z',
        }),
        t({
          id: 'e',
          name: 'Manual handling',
          startDate: '2025-11-24T00:00:00.000Z',
          expiryDate: '2026-11-24T00:00:00.000Z',
        }),
      ],
      NOW,
    );
    expect(record.year).toBe(2026);
    expect(record.totals).toEqual({ trainings: 2, hours: 10.5, structuredUnits: 2, unstructuredUnits: 1, cost: 160.5 });
    expect(record.trainings.map((x) => x.id)).toEqual(['c', 'b', 'a', 'e', 'f', 'd']);
    expect(record.certificates.map((c) => [c.name, c.daysLeft, c.state])).toEqual([
      ['Manual handling', 0, 'expiring'],
      ['Fire safety', 7, 'expiring'],
      ['First aid', 98, 'valid'],
      ['Old licence', -568, 'expired'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { expiringGroups, expiryState } from '../../src-shared/records/trainingExpiry';
import type { Training } from '../../src-shared/wire';

// 24 November 2026, mid-afternoon UTC.
const NOW = Date.parse('2026-11-24T15:30:00.000Z');
const day = (offset: number) => new Date(Date.parse('2026-11-24T00:00:00.000Z') + offset * 86_400_000).toISOString();

let n = 0;
function training(
  expiryOffset: number | null,
  more: Partial<Training> & { person?: string; department?: string | null } = {},
) {
  n++;
  return {
    id: `t${n}`,
    name: more.name ?? `Course ${n}`,
    userId: more.userId ?? `u${n}`,
    typeId: more.typeId ?? 'type-a',
    status: more.status ?? ('COMPLETED' as const),
    outcome: more.outcome ?? ('PASSED' as const),
    expiryDate: expiryOffset === null ? null : day(expiryOffset),
    person: more.person ?? `Person ${n}`,
    department: more.department === undefined ? 'Engineering' : more.department,
  };
}

describe('expiry by whole days', () => {
  it('today and day 90 are expiring, day 91 valid, yesterday expired', () => {
    const passed = { status: 'COMPLETED', outcome: 'PASSED' } as const;
    expect(expiryState({ ...passed, expiryDate: day(0) }, NOW)).toBe('expiring');
    expect(expiryState({ ...passed, expiryDate: day(90) }, NOW)).toBe('expiring');
    expect(expiryState({ ...passed, expiryDate: day(91) }, NOW)).toBe('valid');
    expect(expiryState({ ...passed, expiryDate: day(-1) }, NOW)).toBe('expired');
    expect(expiryState({ ...passed, expiryDate: null }, NOW)).toBe('none');
  });

  it('a cancelled or failed training holds no certificate, whatever its date', () => {
    expect(expiryState({ status: 'CANCELLED', outcome: 'NOT_APPLICABLE', expiryDate: day(5) }, NOW)).toBe('none');
    expect(expiryState({ status: 'COMPLETED', outcome: 'FAILED', expiryDate: day(-5) }, NOW)).toBe('none');
    expect(expiryState({ status: 'PLANNED', outcome: 'PENDING', expiryDate: day(5) }, NOW)).toBe('expiring');
  });
});

describe('the Expiring view’s groups', () => {
  it('takes the boundaries by day, groups by department, soonest first, and leaves out what needs nothing', () => {
    const today = training(0, { person: 'Ann', department: 'Sales' });
    const day90 = training(90, { person: 'Ben', department: 'Engineering' });
    const day91 = training(91, { person: 'Cy', department: 'Engineering' });
    const yesterday = training(-1, { person: 'Di', department: null });
    const cancelled = training(5, { person: 'Ed', status: 'CANCELLED' });
    const failed = training(6, { person: 'Hal', outcome: 'FAILED' });
    // Lapsed, but renewed since: the same person's training of the same type expires later.
    const renewedOld = training(-30, { person: 'Flo', userId: 'flo', typeId: 'fire' });
    const renewedNew = training(400, { person: 'Flo', userId: 'flo', typeId: 'fire' });
    const soon = training(10, { person: 'Gus', department: 'Engineering' });
    const groups = expiringGroups(
      [today, day90, day91, yesterday, cancelled, failed, renewedOld, renewedNew, soon],
      NOW,
    );
    expect(groups.map((g) => g.department)).toEqual(['Engineering', 'Sales', null]);
    const [engineering, sales, none] = groups;
    expect(engineering!.expiring.map((i) => [i.person, i.daysLeft])).toEqual([
      ['Gus', 10],
      ['Ben', 90],
    ]);
    expect(engineering!.lapsed).toEqual([]);
    expect(sales!.expiring.map((i) => [i.person, i.daysLeft, i.expiryDate])).toEqual([['Ann', 0, '2026-11-24']]);
    expect(none!.lapsed.map((i) => [i.person, i.daysLeft])).toEqual([['Di', -1]]);
  });
});

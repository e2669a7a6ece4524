import { describe, expect, it } from 'vitest';
import {
  expiringCsvRows,
  expiringGroups,
  expiryState,
  isRenewed,
  renews,
} from '../../src-shared/records/trainingExpiry';
import { catalogFormatter, type Catalog } from '../../src-shared/i18n/format';
import { formatEnglish } from '../../src-shared/i18n/english';
import de from '../../src-shared/i18n/compiled/de.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
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
    categoryId: more.categoryId ?? 'category-a',
    startDate: more.startDate ?? day(-400),
    endDate: more.endDate === undefined ? null : more.endDate,
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
    // Lapsed, but renewed since: the same person passed the same course again, expiring later.
    const renewedOld = training(-30, { person: 'Flo', userId: 'flo', name: 'Fire safety' });
    const renewedNew = training(400, { person: 'Flo', userId: 'flo', name: 'Fire safety', startDate: day(-20) });
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

describe('renewal: the same course passed again', () => {
  // Alice's passed Anti-bribery lapsed in April; her later GDPR essentials is of the same type (Online),
  // in the same category, but another course.
  const alice = { person: 'Alice', userId: 'alice', typeId: 'online', categoryId: 'compliance' } as const;
  const lapsed = training(-212, { ...alice, name: 'Anti-bribery', startDate: day(-580) });
  const otherCourse = training(500, { ...alice, name: 'GDPR essentials', startDate: day(-230) });

  it('is the same name (case and spacing aside) and category, passed, taken later, expiring later', () => {
    const again = { ...lapsed, id: 'again', name: '  anti-BRIBERY ', startDate: day(-10), expiryDate: day(355) };
    expect(renews(again, lapsed)).toBe(true);
    expect(renews({ ...again, name: 'Anti  bribery' }, lapsed)).toBe(false);
    expect(renews({ ...again, name: 'anti   Bribery' }, { ...lapsed, name: 'Anti bribery' })).toBe(true);
    expect(renews(otherCourse, lapsed)).toBe(false);
    expect(renews({ ...again, categoryId: 'other' }, lapsed)).toBe(false);
    expect(renews({ ...again, userId: 'bob' }, lapsed)).toBe(false);
    expect(renews({ ...again, outcome: 'FAILED' }, lapsed)).toBe(false);
    expect(renews({ ...again, status: 'PLANNED', outcome: 'PENDING' }, lapsed)).toBe(false);
    expect(renews({ ...again, expiryDate: lapsed.expiryDate }, lapsed)).toBe(false);
    // Taken before the lapsed one: an older run, however long it is valid, renews nothing.
    expect(renews({ ...again, startDate: day(-700) }, lapsed)).toBe(false);
    // Taken later by its last day, the end date when it has one.
    expect(renews({ ...again, startDate: day(-700), endDate: day(-500) }, lapsed)).toBe(true);
    expect(isRenewed(lapsed, [lapsed, otherCourse])).toBe(false);
    expect(isRenewed(lapsed, [lapsed, otherCourse, again])).toBe(true);
  });

  it('another course of the same type leaves the lapsed certificate in the view, its counts and its CSV', () => {
    const groups = expiringGroups([lapsed, otherCourse], NOW);
    expect(groups.map((g) => [g.department, g.expiring.length, g.lapsed.map((i) => i.trainingId)])).toEqual([
      ['Engineering', 0, [lapsed.id]],
    ]);
    expect(expiringCsvRows(groups, formatEnglish)).toEqual([
      ['Department', 'Person', 'Training', 'Expiry date', 'State', 'Days left'],
      ['Engineering', 'Alice', 'Anti-bribery', lapsed.expiryDate!.slice(0, 10), 'Lapsed', -212],
    ]);
    // In the reader's language the headers and the state; the date stays ISO and the days a number.
    expect(expiringCsvRows(groups, catalogFormatter('de', de as unknown as Catalog))).toEqual([
      ['Abteilung', 'Person', 'Schulung', 'Ablaufdatum', 'Status', 'Verbleibende Tage'],
      ['Engineering', 'Alice', 'Anti-bribery', lapsed.expiryDate!.slice(0, 10), 'Abgelaufen', -212],
    ]);
    const french = expiringCsvRows(
      expiringGroups([{ ...lapsed, department: null }], NOW),
      catalogFormatter('fr', fr as unknown as Catalog),
    );
    expect(french).toEqual([
      ['Service', 'Personne', 'Formation', 'Date d’expiration', 'État', 'Jours restants'],
      ['Aucun service', 'Alice', 'Anti-bribery', lapsed.expiryDate!.slice(0, 10), 'Expiré', -212],
    ]);
  });

  it('a renewed certificate is no gap, lapsed or about to lapse', () => {
    const soon = training(20, { ...alice, name: 'Fire safety', categoryId: 'safety', startDate: day(-700) });
    const renewal = training(700, { ...alice, name: 'fire safety', categoryId: 'safety', startDate: day(-3) });
    const again = training(355, { ...alice, name: 'Anti-bribery', startDate: day(-10) });
    expect(expiringGroups([lapsed, otherCourse, soon, renewal, again], NOW)).toEqual([]);
    expect(expiringCsvRows([], formatEnglish)).toHaveLength(1);
  });
});

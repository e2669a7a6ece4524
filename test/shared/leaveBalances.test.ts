import { describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/calendar/dates';
import {
  completePolicy,
  DEFAULT_LEAVE_POLICY,
  leaveYearOf,
  leaveYearRange,
  MAX_RANGE_DAYS,
} from '../../src-shared/rules';
import {
  requestFloorIssue,
  surelyWithinFloor,
  typeBalance,
  yearTotalsWindow,
  type BalanceAllocation,
  type BalanceLeave,
} from '../../src-shared/holidays/leaveBalances';
import type { LeaveStatus } from '../../src-shared/wire';
import { seededRandom } from '../support/faultProxy';

// The floor's quick bound may spare the computation only where the computation would find nothing.
describe('the floor’s quick bound', () => {
  it('never says a request is safe that the full reckoning refuses (2,000 random cases)', () => {
    const random = seededRandom(31);
    const int = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
    let sure = 0;
    let refused = 0;
    for (let n = 0; n < 2_000; n++) {
      const policy = completePolicy({
        ...DEFAULT_LEAVE_POLICY,
        yearStartMonth: int(1, 12),
        carryOverDays: int(0, 8),
        carryOverUntilMonth: int(1, 12),
        floorDays: int(0, 3),
        types: [{ type: 'ANNUAL', counted: true, allowanceDays: int(5, 30) }],
      });
      const today = addDays('2026-01-01', int(0, 700));
      const day = () => addDays('2025-01-01', int(0, 1100));
      const leave: BalanceLeave[] = Array.from({ length: int(0, 12) }, (_, i) => {
        // A third run over the start of a leave year.
        const over = random() < 0.35;
        const start = over ? addDays(leaveYearRange(int(2025, 2027), policy).startDate, -int(1, 5)) : day();
        const length = over ? int(5, 20) : int(0, 12);
        return {
          id: `l${i}`,
          type: 'ANNUAL',
          status: (random() < 0.7 ? 'APPROVED' : 'PENDING') as LeaveStatus,
          startDate: start,
          endDate: addDays(start, length),
          // Now and then fewer than its working days, as a request stored before its owner's
          // nationality changed: the bound must not trust them over a year's end.
          days: over && random() < 0.5 ? 0 : Math.max(1, Math.round((length + 1) * 0.7)),
        };
      });
      const allocations: BalanceAllocation[] = Array.from({ length: int(0, 2) }, () => ({
        type: 'ANNUAL',
        year: int(2025, 2028),
        days: int(-10, 10) / 2,
      }));
      const start = day();
      const length = int(0, 15);
      const request: BalanceLeave = {
        id: random() < 0.3 && leave.length ? leave[0]!.id : 'new',
        type: 'ANNUAL',
        status: 'PENDING',
        startDate: start,
        endDate: addDays(start, length),
        days: Math.max(1, Math.round((length + 1) * 0.7)),
      };
      const person = {
        nationality: 'GB',
        startDate: random() < 0.3 ? addDays('2025-06-01', int(0, 500)) : '2019-01-01',
      };
      const inputs = { person, policy, today, leave, allocations };
      const year = leaveYearOf(request.startDate, policy);
      // As the stores sum them: every other request touching the year, in full.
      const range = leaveYearRange(year, policy);
      const touching = leave.filter(
        (l) => l.id !== request.id && l.startDate <= range.endDate && l.endDate >= range.startDate,
      );
      const others = {
        days: touching.reduce((sum, l) => sum + l.days, 0),
        crossing: touching.filter((l) => l.startDate < range.startDate || l.endDate > range.endDate).length,
      };
      const adjustments = allocations.filter((a) => a.year === year).reduce((sum, a) => sum + a.days, 0);
      const issue = requestFloorIssue(request, inputs);
      if (issue) refused += 1;
      if (surelyWithinFloor(request, person, policy, others, adjustments)) {
        sure += 1;
        expect(issue, JSON.stringify({ policy, today, leave, allocations, request, person })).toBeNull();
      }
    }
    // Both sides of the bound were met often enough to mean something.
    expect(sure).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(100);
  });
});

describe('the window both stores read the quick bound’s totals in', () => {
  it('holds every request touching the leave year, its end bound included, for any year start', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 500; i++) {
      const policy = completePolicy({ ...DEFAULT_LEAVE_POLICY, yearStartMonth: 1 + Math.floor(random() * 12) });
      const range = leaveYearRange(2027, policy);
      const window = yearTotalsWindow(range);
      // The longest request allowed, starting on the year's last day: still inside.
      const start = addDays(range.endDate, -Math.floor(random() * 400));
      const end = addDays(start, Math.floor(random() * MAX_RANGE_DAYS));
      const touches = start <= range.endDate && end >= range.startDate;
      const read =
        `${start}T00:00:00.000Z` <= window.until &&
        `${end}T00:00:00.000Z` >= window.from &&
        `${end}T00:00:00.000Z` <= window.lastEnd;
      expect(read).toBe(touches);
    }
    expect(yearTotalsWindow({ startDate: '2027-01-01', endDate: '2027-12-31' })).toEqual({
      from: '2027-01-01T00:00:00.000Z',
      until: '2027-12-31T00:00:00.000Z',
      lastEnd: '2028-12-31T00:00:00.000Z',
    });
  });
});

describe('the allowance of a year one starts or leaves in', () => {
  const balance = (person: { startDate: string | null; endDate?: string | null }, year = 2027) =>
    typeBalance('ANNUAL', year, {
      person: { nationality: 'GB', ...person },
      policy: completePolicy(DEFAULT_LEAVE_POLICY),
      today: '2027-01-01',
      leave: [],
      allocations: [],
    }).allowance;

  it('is pro rata to the last working day, to half days, and none in the years after', () => {
    const whole = balance({ startDate: null });
    expect(balance({ startDate: null, endDate: '2027-06-30' })).toBe(Math.round(whole * (181 / 365) * 2) / 2);
    expect(balance({ startDate: '2027-04-01', endDate: '2027-09-30' })).toBe(Math.round(whole * (183 / 365) * 2) / 2);
    expect(balance({ startDate: null, endDate: '2026-12-31' })).toBe(0);
    expect(balance({ startDate: null, endDate: '2027-12-31' })).toBe(whole);
  });
});

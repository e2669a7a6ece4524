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
import type { LeaveStatus, PersonWeek } from '../../src-shared/wire';
import { STANDARD_WEEK, weekOf, weekOfDays, type WorkingWeek } from '../../src-shared/holidays/workingDays';
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

describe('part-time weeks', () => {
  const mondayToWednesday = weekOfDays([1, 2, 3]);
  const mornings: PersonWeek = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, part: 'MORNING' as const }));
  // Nothing carried in from the year before: the figures are the year's own.
  const noCarry = completePolicy({ ...DEFAULT_LEAVE_POLICY, carryOverDays: 0 });
  const inputs = (week: WorkingWeek, leave: BalanceLeave[] = [], policy = noCarry) => ({
    person: { nationality: 'GB', startDate: null, week },
    policy,
    today: '2027-01-01',
    leave,
    allocations: [],
  });
  const request = (id: string, start: string, end: string, days: number, extra: Partial<BalanceLeave> = {}) =>
    ({ id, type: 'ANNUAL', status: 'APPROVED', startDate: start, endDate: end, days, ...extra }) as BalanceLeave;

  it('get an allowance pro rata to their week when the policy says so, in halves', () => {
    const allowance = (week: WorkingWeek, policy = completePolicy(DEFAULT_LEAVE_POLICY)) =>
      typeBalance('ANNUAL', 2027, inputs(week, [], policy)).allowance;
    expect(allowance(STANDARD_WEEK)).toBe(25);
    expect(allowance(mondayToWednesday)).toBe(15); // 25 × 3/5
    expect(allowance(mornings)).toBe(12.5); // 25 × 2.5/5
    expect(
      allowance(mondayToWednesday, completePolicy({ ...DEFAULT_LEAVE_POLICY, allowanceProRataByWeek: false })),
    ).toBe(25);
    // Sunday to Thursday is the whole week of a Gulf organization: no share is taken off it.
    const gulf = completePolicy({ ...DEFAULT_LEAVE_POLICY, workingWeek: [7, 1, 2, 3, 4] });
    expect(allowance(weekOf({}, gulf), gulf)).toBe(25);
    expect(allowance(weekOfDays([7, 1]), gulf)).toBe(10);
  });

  it('are the person’s own week, else the organization’s', () => {
    const gulf = completePolicy({ ...DEFAULT_LEAVE_POLICY, workingWeek: [7, 1, 2, 3, 4] });
    expect(weekOf({ workingWeek: null }, DEFAULT_LEAVE_POLICY)).toBe(STANDARD_WEEK);
    expect(weekOf({}, gulf).map((d) => d.weekday)).toEqual([7, 1, 2, 3, 4]);
    expect(weekOf({ workingWeek: mornings }, gulf)).toBe(mornings);
  });

  it('keep the days a request was approved with when the week changes later, and count halves', () => {
    // A whole week of five days approved while working Monday to Friday; now Monday to Wednesday.
    const before = request('a', '2027-03-08', '2027-03-12', 5);
    // Thursday afternoon to the next Tuesday morning, approved on the part-time week: Monday, Tuesday's morning.
    const halves = request('b', '2027-03-18', '2027-03-23', 1.5, { startPart: 'AFTERNOON', endPart: 'MORNING' });
    const b = typeBalance('ANNUAL', 2027, inputs(mondayToWednesday, [before, halves]));
    expect(b.booked).toBe(6.5);
    expect(b.remaining).toBe(15 - 6.5);
    // Over the year's end, counted on the week: Wednesday 29 December (Monday 27 and Tuesday 28 are bank
    // holidays in lieu of Christmas), then Tuesday 4 and Wednesday 5 January (Monday 3 is New Year's in lieu).
    const year = (leave: BalanceLeave, y: number) =>
      typeBalance('ANNUAL', y, { ...inputs(mondayToWednesday, [leave]), today: '2027-06-01' }).booked;
    const overNewYear = request('c', '2027-12-27', '2028-01-07', 3);
    expect([year(overNewYear, 2027), year(overNewYear, 2028)]).toEqual([1, 2]);
    // Approved with 6 days on a five-day week, each year keeps its share of those 6, not what the week now counts.
    const approvedEarlier = { ...overNewYear, days: 6 };
    expect([year(approvedEarlier, 2027), year(approvedEarlier, 2028)]).toEqual([2, 4]);
  });

  it('hold the floor in halves', () => {
    // 15 days for Monday to Wednesday; 14.5 taken; one more day leaves −0.5 where the floor is 0.
    const taken = request('t', '2027-02-01', '2027-02-01', 14.5);
    const asked = request('n', '2027-05-03', '2027-05-04', 1, { status: 'PENDING' });
    const issue = requestFloorIssue(asked, inputs(mondayToWednesday, [taken]));
    expect(issue?.message).toBe('This leaves −0.5 days of annual leave; the most allowed is 0');
    expect(requestFloorIssue({ ...asked, days: 0.5 }, inputs(mondayToWednesday, [taken]))).toBe(null);
  });
});

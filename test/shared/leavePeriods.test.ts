import { leaveSubmittedWords, storedWords } from '../../src-shared/records/notificationWords';
import type { LeaveSpanInput } from '../../src-shared/rules';
import { describe, expect, it } from 'vitest';
import { catalogFormatter, type Catalog } from '../../src-shared/i18n/format';
import de from '../../src-shared/i18n/compiled/de.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
import {
  blockedIssue,
  blockedIssueOf,
  issueWords,
  blockedWords,
  DEFAULT_LEAVE_POLICY,
  halfDayIssues,
  periodWords,
  spansOverlap,
  type BlockedPeriod,
  weekWords,
} from '../../src-shared/rules';

// The default policy counts annual leave only.
const blockedPeriodIssue = (
  dates: { startDate: string; endDate: string },
  type: Parameters<typeof blockedIssueOf>[1],
  periods: BlockedPeriod[],
) => blockedIssueOf(dates, type, { ...DEFAULT_LEAVE_POLICY, blockedPeriods: periods });
const yearEnd: BlockedPeriod = { startDate: '2026-12-22', endDate: '2026-12-31', reason: 'The year-end close' };
const audit: BlockedPeriod = {
  startDate: '2027-03-01',
  endDate: '2027-03-05',
  reason: 'The audit',
  types: ['ANNUAL', 'UNPAID'],
};

describe('blocked periods', () => {
  it('refuse a request of a counted type touching one, with its reason and dates in words', () => {
    const issue = blockedPeriodIssue({ startDate: '2026-12-18', endDate: '2026-12-22' }, 'ANNUAL', [yearEnd]);
    expect(issue).toMatchObject({
      path: 'startDate',
      message: 'The year-end close, 22 to 31 December: no annual leave',
    });
    // The day before and the day after are free; so is leave of a type the policy does not count.
    expect(blockedPeriodIssue({ startDate: '2026-12-14', endDate: '2026-12-21' }, 'ANNUAL', [yearEnd])).toBe(null);
    expect(blockedPeriodIssue({ startDate: '2027-01-01', endDate: '2027-01-04' }, 'ANNUAL', [yearEnd])).toBe(null);
    expect(blockedPeriodIssue({ startDate: '2026-12-23', endDate: '2026-12-23' }, 'SICK', [yearEnd])).toBe(null);
  });

  it('block only the types a period names, when it names some', () => {
    const dates = { startDate: '2027-02-26', endDate: '2027-03-01' };
    expect(blockedPeriodIssue(dates, 'UNPAID', [yearEnd, audit])?.message).toBe(
      'The audit, 1 to 5 March: no unpaid leave',
    );
    expect(blockedPeriodIssue(dates, 'BEREAVEMENT', [yearEnd, audit])).toBe(null);
    expect(blockedPeriodIssue(dates, 'OTHER', [{ ...audit, types: ['OTHER'] }])?.message).toBe(
      'The audit, 1 to 5 March: no leave',
    );
  });

  it('are named by their reason and dates', () => {
    expect(blockedWords(yearEnd)).toBe('The year-end close, 22 to 31 December');
    expect(blockedIssueOf({ startDate: '2026-12-22', endDate: '2026-12-22' }, 'ANNUAL', DEFAULT_LEAVE_POLICY)).toBe(
      null,
    );
  });

  it('say their dates as people write them', () => {
    expect(periodWords('2026-12-22', '2026-12-31')).toBe('22 to 31 December');
    expect(periodWords('2026-11-30', '2026-12-04')).toBe('30 November to 4 December');
    expect(periodWords('2026-12-28', '2027-01-03')).toBe('28 December 2026 to 3 January 2027');
    expect(periodWords('2026-12-24T00:00:00.000Z', '2026-12-24')).toBe('24 December');
  });

  it('refuse in each language, the same words as periodWords in English', () => {
    const german = catalogFormatter('de', de as unknown as Catalog);
    const french = catalogFormatter('fr', fr as unknown as Catalog);
    const said = (startDate: string, endDate: string) => {
      const raised = blockedIssue({ startDate, endDate, reason: 'Inventur' }, 'ANNUAL');
      expect(raised.code).toBe('rules.leave.blocked');
      expect(raised.message).toBe(`Inventur, ${periodWords(startDate, endDate)}: no annual leave`);
      return [issueWords(german, raised), issueWords(french, raised)];
    };
    expect(said('2026-12-22', '2026-12-31')).toEqual([
      'Inventur, 22. bis 31. Dezember: keine Anträge auf Urlaub',
      'Inventur, du 22 au 31 décembre : pas de congés payés',
    ]);
    expect(said('2026-11-30', '2026-12-04')[1]).toBe('Inventur, du 30 novembre au 4 décembre : pas de congés payés');
    expect(said('2026-12-28', '2027-01-03')[0]).toBe(
      'Inventur, 28. Dezember 2026 bis 3. Januar 2027: keine Anträge auf Urlaub',
    );
    expect(said('2026-12-01', '2026-12-01')[1]).toBe('Inventur, 1er décembre : pas de congés payés');
  });
});

describe('half days', () => {
  it('may start in the afternoon and end at midday, but not both on one day', () => {
    const day = { startDate: '2026-11-27', endDate: '2026-11-27' };
    expect(halfDayIssues({ ...day, startPart: 'AFTERNOON' })).toEqual([]);
    expect(halfDayIssues({ ...day, endPart: 'MORNING' })).toEqual([]);
    expect(halfDayIssues({ ...day, startPart: 'AFTERNOON', endPart: 'MORNING' })).toMatchObject([
      { path: 'endPart', message: expect.stringMatching(/^One day cannot start in the afternoon and end at midday/) },
    ]);
    expect(
      halfDayIssues({ startDate: '2026-11-25', endDate: '2026-11-27', startPart: 'AFTERNOON', endPart: 'MORNING' }),
    ).toEqual([]);
  });

  it('are said in words with their dates (as a notification says them)', () => {
    const spanWords = (span: LeaveSpanInput) =>
      storedWords(leaveSubmittedWords('Alice Archer', 'OTHER', span, 2), {}).body.replace(/^Leave, | \(.*\)$/g, '');
    expect(spanWords({ startDate: '2026-03-02', endDate: '2026-03-06' })).toBe('2026-03-02 to 2026-03-06');
    expect(spanWords({ startDate: '2026-03-06', endDate: '2026-03-06', startPart: 'AFTERNOON' })).toBe(
      '2026-03-06 afternoon',
    );
    expect(spanWords({ startDate: '2026-03-06T00:00:00.000Z', endDate: '2026-03-06', endPart: 'MORNING' })).toBe(
      '2026-03-06 morning',
    );
    expect(
      spanWords({ startDate: '2026-03-11', endDate: '2026-03-13', startPart: 'AFTERNOON', endPart: 'MORNING' }),
    ).toBe('2026-03-11 afternoon to 2026-03-13 morning');
  });

  it('overlap only where both take the same half of a day', () => {
    const morning = { startDate: '2026-04-20', endDate: '2026-04-20', endPart: 'MORNING' as const };
    const afternoonOn = { startDate: '2026-04-20', endDate: '2026-04-21', startPart: 'AFTERNOON' as const };
    expect(spansOverlap(morning, afternoonOn)).toBe(false);
    expect(spansOverlap(afternoonOn, morning)).toBe(false);
    expect(spansOverlap(morning, { startDate: '2026-04-17', endDate: '2026-04-20' })).toBe(true);
    expect(spansOverlap(afternoonOn, { startDate: '2026-04-21', endDate: '2026-04-21', endPart: 'MORNING' })).toBe(
      true,
    );
    // Three shared days: the middle one is whole for both.
    expect(
      spansOverlap(
        { startDate: '2026-04-20', endDate: '2026-04-22', startPart: 'AFTERNOON' },
        { startDate: '2026-04-18', endDate: '2026-04-22', endPart: 'MORNING' },
      ),
    ).toBe(true);
    expect(spansOverlap({ startDate: '2026-04-22', endDate: '2026-04-23' }, morning)).toBe(false);
  });
});

describe('working weeks in words', () => {
  it('say runs of days, their halves, and a week from Sunday', () => {
    const whole = (days: number[]) => days.map((weekday) => ({ weekday, part: 'FULL' as const }));
    expect(weekWords([1, 2, 3, 4, 5])).toBe('Monday to Friday');
    expect(weekWords(whole([1, 2, 3]))).toBe('Monday to Wednesday');
    expect(weekWords([7, 1, 2, 3, 4])).toBe('Sunday to Thursday');
    expect(weekWords([1, 2, 3, 4, 5].map((weekday) => ({ weekday, part: 'MORNING' as const })))).toBe(
      'Monday to Friday mornings',
    );
    expect(
      weekWords([
        { weekday: 5, part: 'AFTERNOON' },
        { weekday: 1, part: 'FULL' },
        { weekday: 3, part: 'MORNING' },
      ]),
    ).toBe('Monday, Wednesday mornings and Friday afternoons');
    expect(weekWords(whole([1, 2]))).toBe('Monday and Tuesday');
  });
});

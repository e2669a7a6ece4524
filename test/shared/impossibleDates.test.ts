import { describe, expect, it } from 'vitest';
import { daysInMonth } from '../../src-shared/calendar/dates';
import { appWords } from '../../src-shared/i18n/appWords';
import { formatEnglish } from '../../src-shared/i18n/english';
import { say, type FormatMessage } from '../../src-shared/i18n/format';
import {
  answerIssue,
  impossibleDateValue,
  leaveCreateSchema,
  parseWithRules,
  trainingCreateSchema,
} from '../../src-shared/rules';

const impossibleDateWords = (value: unknown, format: FormatMessage = formatEnglish) => {
  const words = impossibleDateValue(value);
  return words && say(format, words);
};
import type { Question } from '../../src-shared/wire';

describe('a day its month does not have', () => {
  it('is named with the month and how many days it has, leap years included', () => {
    expect(impossibleDateWords('2027-02-30')).toBe('February 2027 has 28 days');
    expect(impossibleDateWords('2028-02-30')).toBe('February 2028 has 29 days');
    expect(impossibleDateWords('2100-02-29')).toBe('February 2100 has 28 days');
    expect(impossibleDateWords('2027-04-31T00:00:00.000Z')).toBe('April 2027 has 30 days');
    expect(impossibleDateWords('2027-02-30', appWords('de'))).toBe('Februar 2027 hat 28 Tage');
    expect(impossibleDateWords('2027-04-31', appWords('fr'))).toBe('avril 2027 compte 30 jours');
    for (const fine of ['2027-02-28', '2028-02-29', '2000-02-29', '2027-12-31', 'monday', '', null, 7]) {
      expect(impossibleDateWords(fine)).toBeNull();
    }
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });

  it('is refused in those words by the rulebook, never moved to the month’s last day', () => {
    const leave = parseWithRules(leaveCreateSchema, { startDate: '2027-02-30', endDate: '2027-03-02', type: 'ANNUAL' });
    expect(leave.ok).toBe(false);
    if (!leave.ok)
      expect(leave.issues).toContainEqual(
        expect.objectContaining({ path: 'startDate', message: 'February 2027 has 28 days' }),
      );
    const training = parseWithRules(trainingCreateSchema, {
      name: 'First aid',
      typeId: 't',
      categoryId: 'c',
      startDate: '2027-01-10',
      endDate: '2027-06-31',
    });
    expect(training.ok).toBe(false);
    if (!training.ok)
      expect(training.issues).toContainEqual(
        expect.objectContaining({ path: 'endDate', message: 'June 2027 has 30 days' }),
      );
    const question = { id: 'q1', type: 'DATE', label: 'When did it start?', required: true } as Question;
    expect(answerIssue(question, '2027-02-29')?.message).toBe(
      'Enter a date for “When did it start?”: February 2027 has 28 days',
    );
    expect(answerIssue(question, '2028-02-29')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dateRangeText,
  dateText,
  dateTimeText,
  dayMonthText,
  dayText,
  firstDayOfWeek,
  formatLocale,
  longDayText,
  monthNameText,
  monthRangeText,
  monthText,
  numberText,
  rangeText,
  shortRangeText,
  timeText,
  weekdayDayText,
} from '../../src-renderer/i18n/dates';

const system = (languages: string[]) =>
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
afterEach(() => system(['en-US', 'en']));

describe('dates as the reader’s locale writes them', () => {
  it('take the system’s region where it speaks the page’s language, else the language’s usual one', () => {
    system(['en-US', 'en']);
    expect(formatLocale('en')).toBe('en-US');
    expect(formatLocale('de')).toBe('de-DE');
    system(['de-AT']);
    expect(formatLocale('de')).toBe('de-AT');
    expect(formatLocale('en')).toBe('en-GB');
  });

  it('write a range once, with the weekdays, in each language', () => {
    system(['en-GB']);
    const say = (locale: string) => createIntl({ locale, messages: {} });
    // Intl puts thin and no-break spaces where a range breaks: read as plain ones.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(rangeText(say('fr'), '2027-01-25', '2027-01-26'))).toBe('lun. 25 – mar. 26 janv. 2027');
    expect(plain(rangeText(say('de'), '2027-01-25', '2027-01-26'))).toBe('Mo., 25. – Di., 26. Jan. 2027');
    expect(plain(rangeText(say('en'), '2027-01-25', '2027-02-02'))).toMatch(/^Mon,? 25 Jan – Tue,? 2 Feb 2027$/);
    expect(plain(dayText(say('de'), '2027-01-25'))).toBe('Mo., 25. Jan. 2027');
  });

  it('start the week where the locale does: Sunday in the United States, Monday in Germany and France', () => {
    system(['en-US']);
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('fr')).toBe(1);
    system(['en-GB']);
    expect(firstDayOfWeek('en')).toBe(1);
  });
  describe('the smaller shapes, in en-GB, en-US, de-DE and fr-FR', () => {
    const say = (locale: string) => createIntl({ locale, messages: {} });
    const plain = (text: string) => text.replace(/\s/g, ' ');
    // The system's region decides English's form; German and French take their usual one.
    const inEach = (write: (intl: ReturnType<typeof say>) => string) => {
      system(['en-GB']);
      const gb = plain(write(say('en')));
      system(['en-US']);
      const us = plain(write(say('en')));
      return [gb, us, plain(write(say('de'))), plain(write(say('fr')))];
    };

    it('write a day without its weekday, and a range of them', () => {
      expect(inEach((intl) => dateText(intl, '2027-01-25'))).toEqual([
        '25 Jan 2027',
        'Jan 25, 2027',
        '25. Jan. 2027',
        '25 janv. 2027',
      ]);
      // A midnight UTC stands for its day wherever it is read.
      expect(inEach((intl) => dateText(intl, '2027-01-25T00:00:00.000Z'))[2]).toBe('25. Jan. 2027');
      expect(inEach((intl) => dateRangeText(intl, '2027-01-25', '2027-01-26'))).toEqual([
        '25 – 26 Jan 2027',
        'Jan 25 – 26, 2027',
        '25.–26. Jan. 2027',
        '25–26 janv. 2027',
      ]);
    });

    it('write a day and month, a weekday and day, a month, a day in full', () => {
      expect(inEach((intl) => dayMonthText(intl, '2027-01-25'))).toEqual(['25 Jan', 'Jan 25', '25. Jan.', '25 janv.']);
      expect(inEach((intl) => weekdayDayText(intl, '2027-01-25'))).toEqual(['Mon 25', '25 Mon', 'Mo., 25.', 'lun. 25']);
      expect(inEach((intl) => monthText(intl, '2027-01'))).toEqual(['Jan 2027', 'Jan 2027', 'Jan. 2027', 'janv. 2027']);
      expect(inEach((intl) => monthText(intl, '2027-03-14', true))).toEqual([
        'March 2027',
        'March 2027',
        'März 2027',
        'mars 2027',
      ]);
      expect(inEach((intl) => monthNameText(intl, '2027-02-01'))).toEqual(['Feb', 'Feb', 'Feb', 'févr.']);
      expect(inEach((intl) => longDayText(intl, '2027-01-25'))).toEqual([
        expect.stringMatching(/^Monday,? 25 January 2027$/),
        'Monday, January 25, 2027',
        'Montag, 25. Januar 2027',
        'lundi 25 janvier 2027',
      ]);
    });

    it('write days of a week and the months of a quarter as one range', () => {
      expect(inEach((intl) => shortRangeText(intl, '2027-01-25', '2027-01-27'))).toEqual([
        'Mon 25 Jan – Wed 27 Jan',
        'Mon, Jan 25 – Wed, Jan 27',
        'Mo., 25. – Mi., 27. Jan.',
        'lun. 25 – mer. 27 janv.',
      ]);
      expect(inEach((intl) => shortRangeText(intl, '2027-01-25', '2027-01-25'))[2]).toBe('Mo., 25. Jan.');
      expect(inEach((intl) => monthRangeText(intl, '2027-01-01', '2027-03-31'))).toEqual([
        'Jan – Mar 2027',
        'Jan – Mar 2027',
        'Jan.–März 2027',
        'janv.–mars 2027',
      ]);
    });

    it('write a number with the locale’s marks', () => {
      expect(inEach((intl) => numberText(intl, 1250.5))).toEqual(['1,250.5', '1,250.5', '1.250,5', '1 250,5']);
      expect(inEach((intl) => numberText(intl, 0.125))[2]).toBe('0,13');
    });

    it('write a moment’s time of day and its date and time where it is read', () => {
      const at = new Date(2027, 0, 25, 9, 5);
      expect(inEach((intl) => timeText(intl, at))).toEqual(['09:05', '9:05 AM', '09:05', '09:05']);
      expect(inEach((intl) => dateTimeText(intl, at.toISOString()))).toEqual([
        '25 Jan 2027, 09:05',
        'Jan 25, 2027, 9:05 AM',
        '25.01.2027, 09:05',
        '25 janv. 2027, 09:05',
      ]);
    });
  });
});

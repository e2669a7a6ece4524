// @vitest-environment happy-dom
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { dayText, firstDayOfWeek, formatLocale, rangeText } from '../../src-renderer/i18n/dates';

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
});

// @vitest-environment happy-dom
import { createIntl, type MessageFormatElement } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyForm } from '../../src-shared/appApi';
import type { User } from '../../src-shared/wire';
import de from '../../src-shared/i18n/compiled/de.json';
import en from '../../src-shared/i18n/compiled/en.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
import { stateWords } from '../../src-renderer/features/forms/myFormWords';
import { employmentWords } from '../../src-renderer/features/people/personWords';
import { datesWords } from '../../src-renderer/features/trainings/trainingWords';

const CATALOGS = { en, de, fr } as unknown as Record<string, Record<string, MessageFormatElement[]>>;
const intlOf = (locale: 'en' | 'de' | 'fr') => createIntl({ locale, messages: CATALOGS[locale] });
const plain = (text: string | null) => text?.replace(/\s/g, ' ');
const system = (languages: string[]) =>
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
afterEach(() => system(['en-US', 'en']));

describe('the views’ dates, written as the page’s locale writes them', () => {
  it('a training’s dates: one day, or a range of days', () => {
    system(['en-GB']);
    const course = { startDate: '2027-01-25T00:00:00.000Z', endDate: '2027-01-27T00:00:00.000Z' };
    expect(plain(datesWords(intlOf('en'), course))).toBe('25 – 27 Jan 2027');
    expect(plain(datesWords(intlOf('de'), course))).toBe('25.–27. Jan. 2027');
    expect(plain(datesWords(intlOf('fr'), { startDate: '2027-01-25', endDate: null }))).toBe('25 janv. 2027');
    system(['en-US']);
    expect(plain(datesWords(intlOf('en'), { startDate: '2027-01-25', endDate: '2027-01-25' }))).toBe('Jan 25, 2027');
  });

  it('a person leaving, and a form’s closing day (the last moment of its day, UTC)', () => {
    system(['en-GB']);
    const leaving = { endDate: '2099-03-31', status: 'ACTIVE' } as User;
    expect(employmentWords(leaving, '2027-01-01', intlOf('en'))).toBe('Leaving on 31 Mar 2099');
    expect(plain(employmentWords(leaving, '2027-01-01', intlOf('de')))).toBe('Scheidet am 31. März 2099 aus');
    const closed = { state: 'closed', closeDate: '2027-03-31T23:59:59.999Z' } as MyForm;
    expect(stateWords(closed, intlOf('en')).text).toBe('Closed on 31 Mar 2027');
    expect(plain(stateWords(closed, intlOf('fr')).text)).toMatch(/31 mars 2027/);
  });
});

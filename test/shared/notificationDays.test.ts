import { describe, expect, it } from 'vitest';
import { catalogFormatter, type Catalog } from '../../src-shared/i18n/format';
import de from '../../src-shared/i18n/compiled/de.json';
import en from '../../src-shared/i18n/compiled/en.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
import {
  dayWriter,
  formAssignedWords,
  notificationText,
  storedWords,
  trainingExpiringWords,
} from '../../src-shared/records/notificationWords';

const CATALOGS = { en, de, fr } as unknown as Record<'en' | 'de' | 'fr', Catalog>;
const read = (locale: 'en' | 'de' | 'fr', n: ReturnType<typeof storedWords>, writeDay = dayWriter(locale)) =>
  notificationText(catalogFormatter(locale, CATALOGS[locale]), n, writeDay);

describe('a notification’s days, as its reader writes them', () => {
  const expiring = storedWords(trainingExpiringWords('First aid', '2027-01-25T00:00:00.000Z', 5), {});
  const form = storedWords(formAssignedWords('Pulse survey', '2027-03-31T23:59:59.999Z'), {});

  it('are stored as days, and written in the reader’s locale', () => {
    expect(expiring.data.words.body.values).toMatchObject({ date: '2027-01-25' });
    expect(read('en', expiring).body).toBe('“First aid” expires on 25 Jan 2027 (in 5 days).');
    expect(read('de', expiring).body).toBe('„First aid“ läuft am 25. Jan. 2027 ab (in 5 Tagen).');
    expect(read('fr', expiring).body).toBe('« First aid » expire le 25 janv. 2027 (dans 5 jours).');
    expect(read('de', form).body).toBe('Bitte antworten Sie bis 31. März 2027.');
    expect(read('en', form, dayWriter('en-US')).body).toBe('Please answer by Mar 31, 2027.');
  });

  it('leave the other values as they are: a form without a closing day, a name that looks like a day', () => {
    const open = storedWords(formAssignedWords('2027-01-25', null), {});
    expect(read('fr', open)).toEqual({
      title: 'Nouveau formulaire : 2027-01-25',
      body: 'Merci de répondre quand vous le pouvez.',
    });
  });
});

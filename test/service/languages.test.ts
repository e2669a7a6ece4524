import { describe, expect, it } from 'vitest';
import { catalogFormatter, type Catalog } from '../../src-shared/i18n/format';
import de from '../../src-shared/i18n/compiled/de.json';
import en from '../../src-shared/i18n/compiled/en.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
import { dayWriter, notificationText } from '../../src-shared/records/notificationWords';
import { notificationListSchema, problemSchema } from '../../src-shared/wire';
import { callerOf, useDemoService } from '../support/accounts';

// The clock stands at Monday 2 March 2026, 09:00 UTC.
const env = useDemoService({ scale: 0 });
const call = callerOf(env);

describe('the service in the reader’s language', () => {
  it('is said in the language the request accepts, with the same path and code in each', async () => {
    const { alice } = env.a;
    const endBeforeStart = { type: 'ANNUAL', startDate: '2026-03-10', endDate: '2026-03-09' };
    const said: Record<string, { detail?: string; errors?: { path: string; message: string; code?: string }[] }> = {};
    for (const [accept, locale] of [
      ['en-GB,en;q=0.8', 'en'],
      ['de-AT, de;q=0.9, en;q=0.5', 'de'],
      ['it;q=0.9, fr-CH;q=0.8', 'fr'],
    ] as const) {
      const res = await call(alice, 'POST', '/api/leave', endBeforeStart, { 'accept-language': accept });
      expect(res.status, accept).toBe(400);
      expect(res.headers.get('content-language')).toBe(locale);
      expect(res.headers.get('vary')).toMatch(/accept-language/i);
      said[locale] = res.as(problemSchema);
    }
    expect(said['en']!.errors).toEqual([
      { path: 'endDate', code: 'rules.leave.endBeforeStart', message: 'The end date is before the start date' },
    ]);
    expect(said['de']!.errors).toEqual([
      { path: 'endDate', code: 'rules.leave.endBeforeStart', message: 'Das Enddatum liegt vor dem Startdatum' },
    ]);
    expect(said['fr']!.errors).toEqual([
      {
        path: 'endDate',
        code: 'rules.leave.endBeforeStart',
        message: 'La date de fin est antérieure à la date de début',
      },
    ]);
    expect(said['de']!.detail).toBe('Das Enddatum liegt vor dem Startdatum');
  });

  it('names each field in the language, its summary too; a language not spoken is answered in English', async () => {
    const { alice } = env.a;
    const body = { type: 'HOLIDAY', endDate: '2026-02-30' };
    const de = (await call(alice, 'POST', '/api/leave', body, { 'accept-language': 'de-DE' })).as(problemSchema);
    expect(de.errors).toHaveLength(3);
    expect(de.errors).toEqual(
      expect.arrayContaining([
        { path: 'type', code: 'rules.field.fromList', message: 'Bitte Art aus der Liste auswählen' },
        { path: 'startDate', code: 'rules.field.enter', message: 'Bitte Startdatum angeben' },
        { path: 'endDate', code: 'rules.date.impossible', message: 'Februar 2026 hat 28 Tage' },
      ]),
    );
    expect(de.detail).toMatch(/^3 Angaben sind zu korrigieren: /);
    const fr = (await call(alice, 'POST', '/api/leave', body, { 'accept-language': 'fr' })).as(problemSchema);
    expect(fr.errors!.map((e) => e.message)).toContain('Février 2026 compte 28 jours');
    const it = await call(alice, 'POST', '/api/leave', body, { 'accept-language': 'it-IT' });
    expect(it.headers.get('content-language')).toBe('en');
    expect(it.as(problemSchema).errors!.map((e) => e.message)).toContain('February 2026 has 28 days');
    expect(it.as(problemSchema).errors!.map((e) => e.code)).toEqual(de.errors!.map((e) => e.code));
  });

  it('a notification keeps what it says as messages, read in German and French, its English stored beside', async () => {
    const { alice, manager } = env.a;
    const asked = await call(alice, 'POST', '/api/leave', {
      type: 'ANNUAL',
      startDate: '2026-03-10',
      endDate: '2026-03-11',
      startPart: 'AFTERNOON',
    });
    expect(asked.status).toBe(201);
    const told = (await call(manager, 'GET', '/api/notifications?limit=100'))
      .as(notificationListSchema)
      .data.find((n) => n.body.includes('2026-03-10'))!;
    expect(told).toMatchObject({
      title: expect.stringMatching(/^Leave request from /),
      body: 'Annual leave, 2026-03-10 afternoon to 2026-03-11 (1.5 working days)',
    });
    // Its days are stored as days, and written as each reader's locale writes them.
    const german = notificationText(catalogFormatter('de', de as unknown as Catalog), told, dayWriter('de'));
    expect(german.title).toMatch(/^Abwesenheitsantrag von /);
    expect(german.body).toBe('Urlaub, 10. März 2026 nachmittags bis 11. März 2026 (1,5 Arbeitstage)');
    // French counts one and a half as one: « 1,5 jour ».
    const french = notificationText(catalogFormatter('fr', fr as unknown as Catalog), told, dayWriter('fr'));
    expect(french.body).toBe('Congés payés, 10 mars 2026 après-midi au 11 mars 2026 (1,5 jour ouvré)');
    const english = notificationText(catalogFormatter('en', en as unknown as Catalog), told, dayWriter('en'));
    expect(english.body).toBe('Annual leave, 10 Mar 2026 afternoon to 11 Mar 2026 (1.5 working days)');
  });

  it('of a rule beyond leave (a training expiring before it starts) is said in each language with one code', async () => {
    const { alice } = env.a;
    const body = { name: 'First aid', startDate: '2026-03-10', expiryDate: '2026-03-01' };
    const said: Record<string, { path: string; message: string; code?: string } | undefined> = {};
    for (const locale of ['en', 'de', 'fr'] as const) {
      const res = await call(alice, 'POST', '/api/trainings', body, { 'accept-language': locale });
      expect(res.status, locale).toBe(400);
      said[locale] = res.as(problemSchema).errors!.find((e) => e.path === 'expiryDate');
    }
    expect(said['en']).toEqual({
      path: 'expiryDate',
      code: 'rules.training.dateBeforeStart',
      message: 'The expiry date is before the start date',
    });
    expect(said['de']).toEqual({
      path: 'expiryDate',
      code: 'rules.training.dateBeforeStart',
      message: 'Das Ablaufdatum liegt vor dem Startdatum',
    });
    expect(said['fr']).toEqual({
      path: 'expiryDate',
      code: 'rules.training.dateBeforeStart',
      message: 'La date d’expiration est antérieure à la date de début',
    });
  });
});

import ICAL from 'ical.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { catalogFormatter, type Catalog } from '../../src-shared/i18n/format';
import de from '../../src-shared/i18n/compiled/de.json';
import en from '../../src-shared/i18n/compiled/en.json';
import fr from '../../src-shared/i18n/compiled/fr.json';
import { dayWriter, notificationText } from '../../src-shared/records/notificationWords';
import { calendarFeedSchema, notificationListSchema, problemSchema } from '../../src-shared/wire';
import { callerOf, DEMO, leaveAskerOf, useDemoService } from '../support/accounts';
import type { TestResponse } from '../support/testService';
import { ids, makeForm, submitted } from '../support/forms';

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

  describe('a refusal of one sentence (404, 403, 401, 409)', () => {
    const LANGUAGES = ['en', 'de', 'fr'] as const;
    type Said = { status: number; language: string | null; title?: string; detail?: string; codes?: string[] };

    async function saidIn(ask: (language: string) => Promise<TestResponse>) {
      const said: Record<string, Said> = {};
      for (const language of LANGUAGES) {
        const res = await ask(language);
        const problem = res.as(problemSchema);
        said[language] = {
          status: res.status,
          language: res.headers.get('content-language'),
          title: problem.title,
          detail: problem.detail,
          codes: problem.errors?.map((e) => e.code!),
        };
      }
      // The same status, title (for developers: RFC 9457's words) and codes in each language.
      for (const language of ['de', 'fr'])
        expect({ ...said[language], detail: undefined, language: undefined }).toEqual({
          ...said['en'],
          detail: undefined,
          language: undefined,
        });
      expect(LANGUAGES.map((l) => said[l]!.language)).toEqual(['en', 'de', 'fr']);
      return Object.fromEntries(LANGUAGES.map((l) => [l, said[l]!.detail]));
    }

    it('404: what was not found', async () => {
      const { alice } = env.a;
      const said = await saidIn((l) =>
        call(alice, 'GET', '/api/users/no-such-person', undefined, { 'accept-language': l }),
      );
      expect(said).toEqual({ en: 'User not found', de: 'Person nicht gefunden', fr: 'Utilisateur introuvable' });
      const route = await saidIn((l) =>
        env.svc.request('GET', '/api/nothing-here', { headers: { 'accept-language': l } }),
      );
      expect(route).toEqual({
        en: 'No route GET /api/nothing-here',
        de: 'Keine Route GET /api/nothing-here',
        fr: 'Aucune route GET /api/nothing-here',
      });
    });

    it('403: the role it needs', async () => {
      const { alice } = env.a;
      const said = await saidIn((l) =>
        call(alice, 'POST', '/api/departments', { name: 'Nobody’s' }, { 'accept-language': l }),
      );
      expect(said).toEqual({
        en: 'This needs the ADMIN role',
        de: 'Dafür ist die Rolle ADMIN nötig',
        fr: 'Cette action nécessite le rôle ADMIN',
      });
    });

    it('401: a wrong password, and a token that is none', async () => {
      const said = await saidIn((l) =>
        env.svc.request('POST', '/api/auth/token', {
          body: { email: DEMO.alice, password: 'not the password at all' },
          headers: { 'accept-language': l },
        }),
      );
      expect(said).toEqual({
        en: 'Wrong email or password',
        de: 'E-Mail-Adresse oder Passwort falsch',
        fr: 'Adresse e-mail ou mot de passe incorrect',
      });
      const token = await saidIn((l) =>
        env.svc.request('GET', '/api/users/me', { token: 'not-a-token', headers: { 'accept-language': l } }),
      );
      expect(token['de']).toBe('Das Zugriffstoken ist ungültig oder abgelaufen');
      // What a forgotten password is told, the same whether the address is known.
      const forgot = await env.svc.request('POST', '/api/auth/password/forgot', {
        body: { email: 'nobody@acme.test' },
        headers: { 'accept-language': 'fr' },
      });
      expect([forgot.status, (forgot.body as { message: string }).message]).toEqual([
        202,
        'Si un compte utilise cette adresse e-mail, un lien pour choisir un nouveau mot de passe y a été envoyé',
      ]);
      expect(token['fr']).toBe('Le jeton d’accès n’est pas valide ou a expiré');
    });

    it('409: a department name taken, its code the same in each; a department still with people', async () => {
      const { admin } = env.a;
      const made = await call(admin, 'POST', '/api/departments', { name: 'Languages' });
      expect(made.status).toBe(201);
      const said = await saidIn((l) =>
        call(admin, 'POST', '/api/departments', { name: 'languages' }, { 'accept-language': l }),
      );
      expect(said).toEqual({
        en: 'There is already a department called Languages',
        de: 'Es gibt bereits eine Abteilung namens Languages',
        fr: 'Il existe déjà un service nommé Languages',
      });
      const departmentId = (await call(env.a.alice, 'GET', '/api/users/me')).body as { departmentId: string };
      const full = await saidIn((l) =>
        call(admin, 'DELETE', `/api/departments/${departmentId.departmentId}`, undefined, { 'accept-language': l }),
      );
      expect(full).toEqual({
        en: 'Engineering still has 3 people and 1 former colleague: move them to another department first',
        de: 'Engineering hat noch 3 Personen und 1 ehemalige Person: Ordnen Sie sie zuerst einer anderen Abteilung zu',
        fr: 'Engineering compte encore 3 personnes et 1 ancien collaborateur : rattachez-les d’abord à un autre service',
      });
    });
  });

  it('a calendar feed is written in its owner’s language', async () => {
    const { bob } = env.a;
    const chosen = await call(bob, 'PUT', '/api/users/me/preferences', { locale: 'de' });
    expect(chosen.status).toBe(200);
    const asked = await leaveAskerOf(call)(bob, { startDate: '2026-04-20', endDate: '2026-04-21' });
    const made = (await call(bob, 'POST', '/api/calendar-feeds', { scope: 'ME', includePending: true })).as(
      calendarFeedSchema,
    );
    const polled = await env.svc.request('GET', new URL(made.url!).pathname);
    expect(polled.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(String(polled.body)));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Meine Abwesenheiten');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const own = events.find((e) => e.uid === `${asked.id}@hr-offline`)!;
    // Dates stay the calendar's own: all day, from the first day to the day after the last.
    expect([own.summary, own.description, own.startDate.toString(), own.endDate.toString()]).toEqual([
      'Urlaub (offen)',
      'Urlaub, 2 Arbeitstage (offen)',
      '2026-04-20',
      '2026-04-22',
    ]);
    expect(events.some((e) => e.summary.startsWith('Feiertag: '))).toBe(true);
    await call(bob, 'PUT', '/api/users/me/preferences', { locale: 'en' });
  });

  it('a form’s responses as CSV: headers in the reader’s language, values as a machine reads them', async () => {
    const { admin, alice } = env.a;
    const form = await makeForm(env.svc, admin, {
      title: 'Languages',
      questions: [
        { type: 'NUMBER', label: 'Balance' },
        { type: 'DATE', label: 'Since' },
      ],
    });
    const q = ids(form);
    await submitted(env.svc, alice, form.id, { [q['Balance']!]: '1250.5', [q['Since']!]: '2025-09-01' });
    const csv = async (language: string) => {
      const res = await fetch(`${env.svc.url}/api/forms/${form.id}/responses.csv`, {
        headers: { authorization: `Bearer ${admin.token}`, 'accept-language': language },
      });
      expect(res.headers.get('content-language')).toBe(language);
      return parse(await res.text(), { bom: true }) as string[][];
    };
    const [header, row] = await csv('de');
    // The questions' titles are the organization's own words: as written.
    expect(header).toEqual(['Antwort-ID', 'Gesendet am (UTC)', 'Antwortende Person', 'E-Mail', 'Balance', 'Since']);
    expect(row!.slice(1, 2)[0]).toMatch(/^2026-03-02 \d\d:\d\d:\d\d$/);
    expect(row!.slice(-2)).toEqual(['1250.5', '2025-09-01']);
    // The same address asked again in another language: not the answer kept for the first.
    expect((await csv('fr'))[0]!.slice(0, 4)).toEqual(['ID de la réponse', 'Envoyée le (UTC)', 'Répondant', 'E-mail']);
    expect((await csv('en'))[0]!.slice(0, 4)).toEqual(['Response ID', 'Submitted at (UTC)', 'Respondent', 'Email']);
  });
});

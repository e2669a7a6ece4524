import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addDays, utcToday } from '../../src-shared/calendar/dates';
import { publicHolidaysOf } from '../../src-shared/holidays/publicHolidays';
import type { Leave, Notification } from '../../src-shared/wire';
import { setRequestLanguage } from '../../src-main/core/api/language';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// The backend's own words (conflicts, refusals, the leave preview, what became of a notification's
// request) in the page's language once `app.language` names it, beside the English of the other tests.

let service: ServiceProcess;
const apps: TestBackend[] = [];
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterEach(() => {
  setRequestLanguage('en');
  for (const app of apps.splice(0)) app.dispose();
});
afterAll(async () => {
  await service.dispose();
});

const app = () => {
  const made = new TestBackend();
  apps.push(made);
  return made;
};

it('a conflict reads in German, then in French, dates as each writes them', async () => {
  const alice = await service.as('alice@acme.test');
  const request = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2028-05-15', endDate: '2028-05-16', type: 'ANNUAL' })
  ).body;
  const manager = app();
  await manager.signIn(service.url, 'manager@acme.test');
  await manager.call('sync.now');
  await manager.call('app.language', { locale: 'de' });
  await service.down(async () => {
    await manager.call('leave.setStatus', { id: request.id, status: 'APPROVED' });
    expect(await manager.call('sync.unsent')).toEqual([
      'Entscheidung über eine Abwesenheit: Urlaub von Alice Archer, 15. Mai 2028 bis 16. Mai 2028',
    ]);
  });
  expect((await alice('DELETE', `/api/leave/${request.id}`)).status).toBe(204);
  await manager.call('sync.now');
  const [german] = await manager.call('conflicts.list');
  expect(german).toMatchObject({
    kindName: 'Entscheidung über eine Abwesenheit',
    subject: 'Urlaub von Alice Archer, 15. Mai 2028 bis 16. Mai 2028',
    outcome:
      'Der Dienst hat den Eintrag nicht mehr (inzwischen gelöscht oder zurückgezogen): Ihre Entscheidung konnte nicht übernommen werden.',
  });
  await manager.call('app.language', { locale: 'fr' });
  const [french] = await manager.call('conflicts.list');
  expect(french).toMatchObject({
    kindName: 'Décision sur une absence',
    subject: 'Congés payés de Alice Archer, du 15 mai 2028 au 16 mai 2028',
    outcome: 'Le service ne l’a plus (supprimé ou retiré entre-temps) : impossible d’appliquer votre décision.',
  });
  await expect(
    manager.call('conflicts.resolve', { id: french!.id, resolution: { action: 'retry' } }),
  ).rejects.toMatchObject({
    code: 'CONFLICT',
    message: 'Cette solution ne peut pas fonctionner pour cette modification',
  });
  await manager.call('app.language', { locale: 'en' });
  expect((await manager.call('conflicts.list'))[0]).toMatchObject({
    kindName: 'Leave decision',
    subject: 'Alice Archer’s annual leave, 15 May 2028 to 16 May 2028',
  });
});

it('a refused sign-in and a withdrawn request’s notification read in German, a missing notification in French', async () => {
  const german = app();
  await german.call('app.language', { locale: 'de' });
  await expect(
    german.call('session.signIn', { serviceUrl: service.url, email: 'alice@acme.test', password: 'wrong-one' }),
  ).rejects.toMatchObject({ code: 'SIGN_IN_FAILED', message: 'E-Mail-Adresse oder Passwort ist falsch' });
  await expect(
    german.call('session.signIn', { serviceUrl: 'hr.example.com', email: 'a', password: 'b' }),
  ).rejects.toMatchObject({ message: 'Die Adresse des Dienstes muss mit http:// oder https:// beginnen' });

  const alice = await service.as('alice@acme.test');
  const withdrawn = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2028-06-07', endDate: '2028-06-07', type: 'SICK' })
  ).body;
  await german.signIn(service.url, 'manager@acme.test');
  await german.call('sync.now');
  await alice('DELETE', `/api/leave/${withdrawn.id}`);
  await german.call('sync.now');
  const notice = (await german.call('notifications.list', { pageSize: 100 })).data.find(
    (n: Notification) => n.data.leaveId === withdrawn.id,
  )!;
  expect(await german.call('notifications.open', { id: notice.id })).toEqual({
    gone: 'Der Antrag von Alice Archer für den 7. Juni 2028 wurde zurückgezogen.',
  });
  await german.call('app.language', { locale: 'fr' });
  await expect(german.call('notifications.markRead', { id: 'no-such-notification' })).rejects.toMatchObject({
    code: 'NOT_FOUND',
    message: 'Cette notification n’existe plus',
  });
});

it('the leave preview names a blocked period in the page’s language', async () => {
  const dave = app();
  await dave.signIn(service.url, 'dave@globex.test');
  await dave.call('sync.now');
  const year = utcToday(new Date()).slice(0, 4);
  const ask = { startDate: `${year}-12-21`, endDate: `${year}-12-23`, type: 'ANNUAL' } as const;
  expect((await dave.call('leave.preview', ask))?.blocked).toBe(
    'The year-end close, 22 to 31 December: no annual leave',
  );
  await dave.call('app.language', { locale: 'de' });
  const german = (await dave.call('leave.preview', ask))?.blocked;
  await dave.call('app.language', { locale: 'fr' });
  const french = (await dave.call('leave.preview', ask))?.blocked;
  // The period's reason is the organization's own words; the rest is the page's.
  expect(german).toMatch(/^The year-end close, 22\. bis 31\. Dezember/);
  expect(french).toMatch(/^The year-end close, du 22 au 31 décembre/);
});

it('the wall chart names the synced days’ public holidays in the page’s language', async () => {
  const admin = app();
  await admin.signIn(service.url, 'admin@acme.test');
  await admin.call('sync.now');
  const today = utcToday(new Date());
  const { synced } = await admin.call('calendar.range', { startDate: today, endDate: today });
  expect(synced).not.toBeNull();
  // A year of the synced days (a chart shows at most a year).
  const endDate = [synced!.endDate, addDays(synced!.startDate, 364)].sort()[0]!;
  const range = { startDate: synced!.startDate, endDate };
  const english = (await admin.call('calendar.chart', range)).holidays;
  await admin.call('app.language', { locale: 'de' });
  const german = (await admin.call('calendar.chart', range)).holidays;
  // The same days the service gave, each named as the holiday tables name it in German.
  let renamed = 0;
  for (const [country, days] of Object.entries(english)) {
    expect(german[country]!.map((h) => h.date)).toEqual(days.map((h) => h.date));
    for (const [i, h] of german[country]!.entries()) {
      const inGerman = publicHolidaysOf(country, Number(h.date.slice(0, 4)), 'de').find((d) => d.date === h.date);
      expect(h.name).toBe(inGerman?.name ?? days[i]!.name);
      if (h.name !== days[i]!.name) renamed++;
    }
  }
  expect(renamed).toBeGreaterThan(0);
});

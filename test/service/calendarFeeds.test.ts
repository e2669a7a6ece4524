import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  calendarFeedListSchema,
  calendarFeedSchema,
  leavePolicySchema,
  userSchema,
  type CalendarFeed,
} from '../../src-shared/wire';
import { callerOf, leaveAskerOf, useDemoService, type Account } from '../support/accounts';

// The clock stands at Monday 2 March 2026, 09:00 UTC: a feed holds leave from 2 December 2025 to
// 2 March 2027. Alice and Bob are in Engineering and report to the manager; Carol is in another
// department; Dave is of Globex.
const env = useDemoService({ scale: 0 });
const call = callerOf(env);
const asked = leaveAskerOf(call);

async function feed(who: Account, body: Record<string, unknown>): Promise<CalendarFeed & { url: string }> {
  const res = await call(who, 'POST', '/api/calendar-feeds', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const made = res.as(calendarFeedSchema);
  return { ...made, url: made.url! };
}

/** A subscribing calendar's poll: no token, only the address (and the ETag it kept). */
const poll = (url: string, etag?: string) =>
  env.svc.request('GET', new URL(url).pathname, { headers: etag ? { 'if-none-match': etag } : {} });

interface Seen {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
}

async function events(url: string): Promise<Seen[]> {
  const res = await poll(url);
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(String(res.body)));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
    };
  });
}

async function decide(id: string, status = 'APPROVED') {
  const res = await call(env.a.manager, 'PUT', `/api/leave/${id}/status`, { status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('calendar feeds', () => {
  it('are made with a secret address that answers without a token, parsed back as RFC 5545', async () => {
    const { alice } = env.a;
    const approved = await asked(alice, { startDate: '2026-04-13', endDate: '2026-04-17' });
    await decide(approved.id);
    const waiting = await asked(alice, { startDate: '2026-05-11', endDate: '2026-05-11' });
    const friday = await asked(alice, { startDate: '2026-06-05', endDate: '2026-06-05', startPart: 'AFTERNOON' });
    await decide(friday.id);
    const mine = await feed(alice, { scope: 'ME' });
    // 32 random bytes: 43 characters of base64url.
    expect(mine.url).toMatch(/^http:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(mine).toMatchObject({ scope: 'ME', includePending: false });
    const seen = await events(mine.url);
    const own = seen.filter((e) => !e.uid.startsWith('holiday-'));
    expect(own.map((e) => e.uid).sort()).toEqual([`${approved.id}@hr-offline`, `${friday.id}@hr-offline`].sort());
    expect(own.find((e) => e.uid.startsWith(approved.id))).toMatchObject({
      summary: 'Annual leave',
      start: '2026-04-13',
      end: '2026-04-18',
      allDay: true,
    });
    // Friday afternoon: from the policy's midday to the end of the day, in the reader's own time.
    expect(own.find((e) => e.uid.startsWith(friday.id))).toMatchObject({
      start: '2026-06-05T13:00:00',
      end: '2026-06-05T17:30:00',
      allDay: false,
    });
    // Alice's public holidays (England) from 3 months back to 12 ahead: Christmas 2025 to New Year 2027.
    const holidays = seen.filter((e) => e.uid.startsWith('holiday-')).map((e) => `${e.start} ${e.summary}`);
    expect(holidays).toContain('2025-12-25 Public holiday: Christmas Day');
    expect(holidays).toContain('2026-04-03 Public holiday: Good Friday');
    expect(holidays).toContain("2027-01-01 Public holiday: New Year's Day");
    expect(holidays.some((h) => h.startsWith('2025-11') || h.startsWith('2027-04'))).toBe(false);
    // Pending leave only in a feed that asks for it.
    const withPending = await feed(alice, { scope: 'ME', includePending: true });
    expect((await events(withPending.url)).find((e) => e.uid.startsWith(waiting.id))?.summary).toBe(
      'Annual leave (pending)',
    );
    // Listed without their addresses.
    const listed = (await call(alice, 'GET', '/api/calendar-feeds')).as(calendarFeedListSchema).data;
    expect(listed.map((f) => f.id).sort()).toEqual([mine.id, withPending.id].sort());
    expect(listed.every((f) => f.url === undefined)).toBe(true);
  });

  it('answer 304 to an unchanged ETag, and a new calendar once a change touches it', async () => {
    const { bob, admin } = env.a;
    const mine = await feed(bob, { scope: 'ME' });
    const first = await poll(mine.url);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect((await poll(mine.url, etag)).status).toBe(304);
    const asked2 = await asked(bob, { startDate: '2026-07-01', endDate: '2026-07-02', endPart: 'MORNING' });
    await decide(asked2.id);
    const after = await poll(mine.url, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    // The policy's midday moves the half day's times.
    const policy = (await call(admin, 'GET', '/api/leave/policy')).as(leavePolicySchema);
    const moved = await call(
      admin,
      'PUT',
      '/api/leave/policy',
      { middayAt: '12:30' },
      { 'if-match': `"${policy.version}"` },
    );
    expect(moved.status).toBe(200);
    expect((await events(mine.url)).find((e) => e.uid.startsWith(asked2.id))).toMatchObject({
      start: '2026-07-01T09:00:00',
      end: '2026-07-02T12:30:00',
    });
  });

  it('show a colleague’s sick leave as “Away” outside one’s scope, whole within it', async () => {
    const { alice, bob, manager } = env.a;
    const sick = await asked(alice, { startDate: '2026-03-09', endDate: '2026-03-10', type: 'SICK', notes: 'Flu' });
    await decide(sick.id);
    const unpaidWaiting = await asked(alice, { startDate: '2026-08-03', endDate: '2026-08-03', type: 'UNPAID' });
    const department = await feed(bob, { scope: 'DEPARTMENT', includePending: true });
    const seenByBob = await events(department.url);
    const sickSeen = seenByBob.find((e) => e.uid.startsWith(sick.id))!;
    expect(sickSeen.summary).toBe('Alice Archer: Away');
    expect(`${sickSeen.summary} ${sickSeen.description}`).not.toMatch(/sick|flu/i);
    // A colleague's pending leave is not his to see, even in a feed with pending leave.
    expect(seenByBob.some((e) => e.uid.startsWith(unpaidWaiting.id))).toBe(false);
    const team = await feed(manager, { scope: 'TEAM', includePending: true });
    const seenByManager = await events(team.url);
    expect(seenByManager.find((e) => e.uid.startsWith(sick.id))?.summary).toBe('Alice Archer: Sick leave');
    expect(seenByManager.find((e) => e.uid.startsWith(unpaidWaiting.id))?.summary).toBe(
      'Alice Archer: Unpaid leave (pending)',
    );
    expect(seenByManager.every((e) => !e.description.includes('Flu'))).toBe(true);
    // A team calendar is for managers and admins.
    const refused = await call(bob, 'POST', '/api/calendar-feeds', { scope: 'TEAM' });
    expect(refused.status).toBe(403);
    expect((await call(bob, 'POST', '/api/calendar-feeds', { scope: 'EVERYONE' })).status).toBe(400);
  });

  it('answer 404 once revoked, once the owner left, once the owner lost the scope; never another organization’s leave', async () => {
    const { alice, admin, manager, dave, globexAdmin } = env.a;
    const mine = await feed(alice, { scope: 'ME' });
    expect((await poll(mine.url)).status).toBe(200);
    expect((await call(manager, 'DELETE', `/api/calendar-feeds/${mine.id}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/api/calendar-feeds/${mine.id}`)).status).toBe(204);
    expect((await poll(mine.url)).status).toBe(404);
    expect((await poll(mine.url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`))).status).toBe(404);

    // The manager made a user: the team feed answers no more; a manager again, it answers again.
    const team = await feed(manager, { scope: 'TEAM' });
    const setRoles = async (roles: string[]) => {
      const current = (await call(admin, 'GET', `/api/users/${manager.id}`)).as(userSchema);
      const res = await call(
        admin,
        'PUT',
        `/api/users/${manager.id}`,
        { roles },
        { 'if-match': `"${current.version}"` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await setRoles(['USER']);
    expect((await poll(team.url)).status).toBe(404);
    await setRoles(['MANAGER']);
    expect((await poll(team.url)).status).toBe(200);

    // A leaver's feeds answer 404 from the day after their last.
    const made = await call(admin, 'POST', '/api/users', {
      email: 'leaving@acme.test',
      password: 'a leaver’s own passphrase',
      firstName: 'Lea',
      lastName: 'Ving',
      nationality: 'GB',
    });
    const lea = made.as(userSchema);
    const token = await env.svc.signIn('leaving@acme.test', 'a leaver’s own passphrase');
    const leaving = await feed({ token: token.access_token, id: lea.id }, { scope: 'ME' });
    expect((await poll(leaving.url)).status).toBe(200);
    const ended = await call(
      admin,
      'PUT',
      `/api/users/${lea.id}`,
      { endDate: '2026-03-01' },
      { 'if-match': `"${lea.version}"` },
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await poll(leaving.url)).status).toBe(404);

    // Globex's whole organization holds Dave's leave and none of Acme's people; Acme's, none of Globex's.
    const daves = await asked(dave, { startDate: '2026-05-04', endDate: '2026-05-05' });
    const globex = await events((await feed(globexAdmin, { scope: 'TEAM', includePending: true })).url);
    expect(globex.some((e) => e.uid.startsWith(daves.id))).toBe(true);
    expect(globex.some((e) => /Alice|Bob|Carol|Max|Ada/.test(e.summary))).toBe(false);
    const acme = await events((await feed(admin, { scope: 'TEAM', includePending: true })).url);
    expect(acme.some((e) => e.uid.startsWith(daves.id) || e.summary.includes('Dave'))).toBe(false);
    expect(acme.some((e) => e.summary.startsWith('Alice Archer'))).toBe(true);
  });
});

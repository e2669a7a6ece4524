import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaveSchema, organizationSchema, type TokenResponse } from '../../src-shared/wire';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { listenTo, type Heard } from '../support/eventStream';
import { startTestService, type TestService } from '../support/testService';

// The event stream (ext): each person hears which of their lists changed, nothing beyond their scope.
let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;

beforeAll(async () => {
  svc = await startTestService({ scale: 2, heartbeatMs: 150 });
  a = await signInAll(svc, DEMO);
});
afterAll(async () => {
  await svc.close();
});

/**
 * A change every stream of an organization hears: its admin sets its currency to what it is (the
 * `people` list, told to everyone). The service tells a write's events before its answer leaves,
 * and a stream's events come in order: once a stream has heard this mark, it has heard all it ever
 * will of the writes answered before it. No wait for events that should not come.
 */
async function mark(admin: Account): Promise<void> {
  const org = (await svc.request('GET', '/api/organization', { token: admin.token })).as(organizationSchema);
  const res = await svc.request('PUT', '/api/organization', { token: admin.token, body: { currency: org.currency } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const isMark = (e: Heard) => e.lists.length === 1 && e.lists[0] === 'people';

/** A stream as a test reads it: `untilMark()` answers the lists it heard since the last mark, once the next has come. */
async function listen(token: string, lastEventId?: string) {
  const stream = await listenTo(svc.url, token, lastEventId);
  let read = 0;
  const untilMark = async (): Promise<string[][]> => {
    const at = await vi.waitFor(() => {
      const i = stream.heard.findIndex((e, n) => n >= read && isMark(e));
      expect(i, 'the mark was not heard').toBeGreaterThanOrEqual(0);
      return i;
    });
    const lists = stream.heard.slice(read, at).map((e) => e.lists);
    read = at + 1;
    return lists;
  };
  return { ...stream, untilMark };
}

async function ask(who: Account, startDate: string, type = 'ANNUAL') {
  const res = await svc.request('POST', '/api/leave', {
    token: who.token,
    body: { startDate, endDate: startDate, type },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(leaveSchema);
}

describe('the event stream', () => {
  it('answers Server-Sent Events, needs a token, and says it is alive between events', async () => {
    const anonymous = await fetch(`${svc.url}/api/events`);
    expect(anonymous.status).toBe(401);
    const stream = await listen(a.alice.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Every 150 ms here.
    await expect.poll(() => stream.comments.filter((c) => c === ': heartbeat').length).toBeGreaterThanOrEqual(2);
    await stream.close();
  });

  it('tells each person only of the lists in their scope: a colleague’s private request reaches neither a colleague nor another organization', async () => {
    const [alice, manager, carol, admin, globex] = await Promise.all([
      listen(a.alice.token),
      listen(a.manager.token),
      listen(a.carol.token),
      listen(a.admin.token),
      listen(a.globexAdmin.token),
    ]);
    // Bob (Alice's department, the same manager) asks for sick leave: pending, private.
    const sick = await ask(a.bob, '2027-03-03', 'SICK');
    await Promise.all([mark(a.admin), mark(a.globexAdmin)]);
    expect(await alice.untilMark()).toEqual([]);
    expect(await carol.untilMark()).toEqual([]);
    expect(await globex.untilMark()).toEqual([]);
    expect(await manager.untilMark()).toEqual([['leave', 'calendar', 'notifications']]);
    expect(await admin.untilMark()).toEqual([['leave', 'calendar']]);
    // Approved, it shows on the department's calendar: Alice hears of the calendar, not of Bob's leave.
    const decided = await svc.request('PUT', `/api/leave/${sick.id}/status`, {
      token: a.manager.token,
      body: { status: 'APPROVED' },
    });
    expect(decided.status).toBe(200);
    await Promise.all([mark(a.admin), mark(a.globexAdmin)]);
    expect(await alice.untilMark()).toEqual([['calendar']]);
    expect(await carol.untilMark()).toEqual([]);
    expect(await globex.untilMark()).toEqual([]);
    // The manager hears of the decision on the lists it changes for him (the notification is Bob's).
    expect(await manager.untilMark()).toEqual([['leave', 'calendar']]);
    // Events carry lists and a counter, never record content.
    for (const e of [...alice.heard, ...manager.heard, ...admin.heard]) {
      expect(Object.keys(e).sort()).toEqual(['counter', 'id', 'lists']);
    }
    const decisions = manager.heard.filter((e) => !isMark(e));
    expect(decisions).toHaveLength(2);
    expect(decisions[1]!.counter).toBeGreaterThan(decisions[0]!.counter);
    await Promise.all([alice, manager, carol, admin, globex].map((s) => s.close()));
  });

  it('reaches a person made admin from the next write on, and no longer once they are not', async () => {
    const setRoles = async (roles: string[]) => {
      const res = await svc.request('PUT', `/api/users/${a.carol.id}`, { token: a.admin.token, body: { roles } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const carol = await listen(a.carol.token);
    await ask(a.bob, '2028-05-03');
    await setRoles(['ADMIN']);
    await mark(a.admin);
    // Not yet an admin when Bob asked: only the change to the people (and their calendar) reached her.
    expect(await carol.untilMark()).toEqual([['calendar', 'people']]);
    await ask(a.bob, '2028-05-10');
    await mark(a.admin);
    expect(await carol.untilMark()).toEqual([['leave', 'calendar']]);
    await setRoles(['USER']);
    await ask(a.bob, '2028-05-17');
    await mark(a.admin);
    expect(await carol.untilMark()).toEqual([['calendar', 'people']]);
    await carol.close();
  });

  it('resumes from Last-Event-ID without missing a change, and asks for everything when it cannot know', async () => {
    const first = await listen(a.manager.token);
    await ask(a.alice, '2027-04-06');
    await vi.waitFor(() => expect(first.heard).toHaveLength(1));
    const seen = first.heard[0]!;
    await first.close();
    // While away: a request of Bob's and a read notification.
    await ask(a.bob, '2027-04-07');
    const unread = await svc.request('GET', '/api/notifications?limit=1', { token: a.manager.token });
    const id = (unread.body as { data: { id: string }[] }).data[0]!.id;
    await svc.request('PUT', `/api/notifications/${id}/read`, { token: a.manager.token });
    const back = await listen(a.manager.token, seen.id);
    await mark(a.admin);
    const missed = await back.untilMark();
    expect(missed).toHaveLength(1);
    expect(missed[0]!.sort()).toEqual(['calendar', 'leave', 'notifications']);
    await back.close();
    // An id from another run of the service (or too old): every list, to be safe.
    const lost = await listen(a.manager.token, 'deadbeef.3');
    await mark(a.admin);
    expect(await lost.untilMark()).toEqual([['leave', 'calendar', 'notifications', 'trainings', 'forms', 'people']]);
    await lost.close();
  });

  it('closes when its person signs out, and opens again only with a token issued since', async () => {
    const session = (await svc.signIn('alice@acme.test')) as TokenResponse;
    const stream = await listen(session.access_token);
    const out = await svc.request('POST', '/api/auth/logout', { body: { refresh_token: session.refresh_token } });
    expect(out.status).toBe(204);
    await vi.waitFor(() => expect(stream.ended()).toBe(true));
    const again = await fetch(`${svc.url}/api/events`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(again.status).toBe(401);
    svc.clock.advance(1_000);
    const fresh = await svc.signIn('alice@acme.test');
    const reopened = await listen(fresh.access_token);
    expect(reopened.res.status).toBe(200);
    await reopened.close();
  });
});

describe('a stream whose token expires', () => {
  it('closes when the access token does, so the client comes back with a fresh one', async () => {
    const short = await startTestService({ scale: 0, accessTokenSeconds: 1 });
    try {
      const token = (await short.signIn('alice@acme.test')).access_token;
      const res = await fetch(`${short.url}/api/events`, { headers: { authorization: `Bearer ${token}` } });
      const started = Date.now();
      const reader = res.body!.getReader();
      while (!(await reader.read()).done);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await short.close();
    }
  });
});

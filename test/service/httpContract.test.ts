import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  healthSchema,
  problemSchema,
  REQUEST_IN_PROGRESS,
  syncStateSchema,
  userListSchema,
  userSchema,
} from '../../src-shared/wire';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let admin: string;
let alice: string;
let bobId: string;
let slowCalls = 0;
let releaseSlow: (() => void) | undefined;

/** A route that waits until released, to see a key used while its first request still runs. */
function slowRoute(app: FastifyInstance) {
  // Test routes describe themselves too: every answer, theirs included, is held to the document.
  const done = z.object({ done: z.boolean() });
  app.post('/api/test/slow', { schema: { summary: 'Slow', response: { 200: done } } }, async () => {
    slowCalls += 1;
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    return { done: true };
  });
  let built = 0;
  const builtSchema = z.object({ built: z.number() });
  app.get('/api/test/built', { schema: { summary: 'Built', response: { 200: builtSchema } } }, async () => ({
    built: ++built,
  }));
  app.post('/api/test/fail', { config: { errors: { 500: 'Always: it stands for a bug' } } }, async () => {
    throw new Error('boom');
  });
}

beforeAll(async () => {
  svc = await startTestService({ extraRoutes: slowRoute });
  admin = (await svc.signIn('admin@acme.test')).access_token;
  alice = (await svc.signIn('alice@acme.test')).access_token;
  bobId = (await svc.signIn('bob@acme.test')).user.id;
});
afterAll(async () => {
  await svc.close();
});

const newUser = (email: string) => ({
  email,
  password: 'blue kettle on the hill',
  firstName: 'Idem',
  lastName: 'Potent',
  nationality: 'NL',
});

describe('Idempotency-Key', () => {
  it('replays the first answer without running the request again', async () => {
    const key = 'create-idem-1';
    const first = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem1@acme.test'),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem1@acme.test'),
      headers: { 'idempotency-key': key },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(replay.headers.get('location')).toBe(first.headers.get('location'));
    const found = (await svc.request('GET', '/api/users?search=idem1@', { token: admin })).as(userListSchema);
    expect(found.meta.total).toBe(1);
  });

  it('answers 422 when the key comes back with another body, method or path', async () => {
    const key = 'create-idem-2';
    const first = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem2@acme.test'),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    const otherBody = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem3@acme.test'),
      headers: { 'idempotency-key': key },
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.as(problemSchema).detail).toMatch(/different request/);
    const otherMethod = await svc.request('PUT', `/api/users/${bobId}`, {
      token: admin,
      body: { firstName: 'B' },
      headers: { 'idempotency-key': key },
    });
    expect(otherMethod.status).toBe(422);
    expect((await svc.request('GET', '/api/users?search=idem3@', { token: admin })).as(userListSchema).meta.total).toBe(
      0,
    );
  });

  it('keeps keys per user: the same key from another user is a new request', async () => {
    const key = 'shared-key';
    const a = await svc.request('POST', '/api/test/fail', { token: alice, headers: { 'idempotency-key': key } });
    expect(a.status).toBe(500);
    const b = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem4@acme.test'),
      headers: { 'idempotency-key': key },
    });
    expect(b.status).toBe(201);
  });

  it('forgets a 5xx answer so the retry runs again', async () => {
    const key = 'fails-once';
    const first = await svc.request('POST', '/api/test/fail', { token: alice, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(500);
    expect(first.as(problemSchema).detail).not.toContain('boom');
    const second = await svc.request('POST', '/api/test/fail', { token: alice, headers: { 'idempotency-key': key } });
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = 'slow-1';
    slowCalls = 0;
    const first = svc.request('POST', '/api/test/slow', { token: alice, headers: { 'idempotency-key': key } });
    await expect.poll(() => slowCalls).toBe(1);
    const during = await svc.request('POST', '/api/test/slow', { token: alice, headers: { 'idempotency-key': key } });
    expect(during.status).toBe(409);
    expect(during.as(problemSchema).type).toBe(REQUEST_IN_PROGRESS);
    expect(during.headers.get('retry-after')).toBe('1');
    releaseSlow?.();
    expect((await first).status).toBe(200);
    const after = await svc.request('POST', '/api/test/slow', { token: alice, headers: { 'idempotency-key': key } });
    expect(after.body).toEqual({ done: true });
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(slowCalls).toBe(1);
  });

  it('expires keys after 24 hours', async () => {
    const key = 'day-old';
    await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem5@acme.test'),
      headers: { 'idempotency-key': key },
    });
    svc.clock.advance(25 * 3_600_000);
    const freshAdmin = (await svc.signIn('admin@acme.test')).access_token;
    const later = await svc.request('POST', '/api/users', {
      token: freshAdmin,
      body: newUser('idem5@acme.test'),
      headers: { 'idempotency-key': key },
    });
    // Ran again: the email now exists.
    expect(later.status).toBe(409);
    admin = freshAdmin;
    alice = (await svc.signIn('alice@acme.test')).access_token;
  });

  it('refuses a malformed key', async () => {
    const res = await svc.request('POST', '/api/users', {
      token: admin,
      body: newUser('idem6@acme.test'),
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(res.status).toBe(400);
  });
});

describe('ETag and If-Match', () => {
  it('answers 412 with the current record to a stale If-Match, and applies a fresh one', async () => {
    const bob = (await svc.request('GET', `/api/users/${bobId}`, { token: admin })).as(userSchema);
    const ok = await svc.request('PUT', `/api/users/${bobId}`, {
      token: admin,
      body: { firstName: 'Robert' },
      headers: { 'if-match': `"${bob.version}"` },
    });
    expect(ok.status).toBe(200);
    const updated = ok.as(userSchema);
    expect(updated.version).toBe(bob.version + 1);
    expect(updated.firstName).toBe('Robert');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(bob.updatedAt));
    expect(ok.headers.get('etag')).toBe(`"${updated.version}"`);

    const stale = await svc.request('PUT', `/api/users/${bobId}`, {
      token: admin,
      body: { firstName: 'Bobby' },
      headers: { 'if-match': `"${bob.version}"` },
    });
    expect(stale.status).toBe(412);
    const problem = stale.as(problemSchema);
    expect(userSchema.parse(problem.current)).toMatchObject({ firstName: 'Robert', version: updated.version });
    const now = (await svc.request('GET', `/api/users/${bobId}`, { token: admin })).as(userSchema);
    expect(now.firstName).toBe('Robert');
  });

  it('answers 304 to If-None-Match on an unchanged list, and 200 once it changed', async () => {
    const first = await svc.request('GET', '/api/users?pageSize=50', { token: admin });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const unchanged = await svc.request('GET', '/api/users?pageSize=50', {
      token: admin,
      headers: { 'if-none-match': etag! },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    await svc.request('PUT', `/api/users/${bobId}`, { token: admin, body: { lastName: 'Changed' } });
    const changed = await svc.request('GET', '/api/users?pageSize=50', {
      token: admin,
      headers: { 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('cheap list ETags', () => {
  it('change with any write in the organization, not with another organization, and differ per caller', async () => {
    const etag = async (token: string, path = '/api/trainings') =>
      (await svc.request('GET', path, { token })).headers.get('etag');
    const before = await etag(admin);
    expect(await etag(admin)).toBe(before);
    expect(await etag(alice)).not.toBe(before);
    const globex = (await svc.signIn('admin@globex.test')).access_token;
    const dave = (await svc.signIn('dave@globex.test')).user.id;
    const write = await svc.request('PUT', `/api/users/${dave}`, { token: globex, body: { lastName: 'Elsewhere' } });
    expect(write.status).toBe(200);
    await svc.request('POST', '/api/auth/token', { body: { email: 'alice@acme.test', password: 'demo1234' } });
    expect(await etag(admin)).toBe(before);
    // Any write in Acme, even to another table, moves every Acme list's tag.
    await svc.request('PUT', `/api/users/${bobId}`, { token: admin, body: { lastName: 'Counted' } });
    const after = await etag(admin);
    expect(after).not.toBe(before);
    const unchanged = await svc.request('GET', '/api/trainings', {
      token: admin,
      headers: { 'if-none-match': after! },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(after);
    // The trainings themselves did not change: the earlier tag still matches their content, and
    // the 304 brings the new tag.
    const sameContent = await svc.request('GET', '/api/trainings', {
      token: admin,
      headers: { 'if-none-match': before! },
    });
    expect(sameContent.status).toBe(304);
    expect(sameContent.headers.get('etag')).toBe(after);
  });
});

describe('sync state (ext)', () => {
  it('answers 304 until anything in the organization changes, and needs a token', async () => {
    expect((await svc.request('GET', '/api/sync/state')).status).toBe(401);
    const first = await svc.request('GET', '/api/sync/state', { token: alice });
    const { version } = first.as(syncStateSchema);
    const etag = first.headers.get('etag')!;
    const again = await svc.request('GET', '/api/sync/state', { token: alice, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A write by someone else, to a record alice may not even see, still counts: her lists' tags moved too.
    await svc.request('PUT', `/api/users/${bobId}`, { token: admin, body: { lastName: 'Stated' } });
    const moved = await svc.request('GET', '/api/sync/state', { token: alice, headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.as(syncStateSchema).version).toBeGreaterThan(version);
    // A write that leaves every account as it was moves it as well.
    const leave = await svc.request('POST', '/api/leave', {
      token: alice,
      body: { startDate: '2031-03-04', endDate: '2031-03-05', type: 'ANNUAL' },
    });
    expect(leave.status).toBe(201);
    const later = await svc.request('GET', '/api/sync/state', { token: alice });
    expect(later.as(syncStateSchema).version).toBeGreaterThan(moved.as(syncStateSchema).version);
  });
});

describe('answers kept in memory per change-counter ETag', () => {
  it('are sent again unchanged, and never outlive a write', async () => {
    const list = async () => svc.request('GET', '/api/users?pageSize=50&sortBy=email', { token: admin });
    const first = await list();
    const second = await list();
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    const record = async () => svc.request('GET', `/api/users/${bobId}`, { token: admin });
    const before = await record();
    expect((await record()).headers.get('etag')).toBe(before.headers.get('etag'));
    await svc.request('PUT', `/api/users/${bobId}`, { token: admin, body: { firstName: 'Cached' } });
    const after = await record();
    expect(after.as(userSchema).firstName).toBe('Cached');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const names = (await list()).as(userListSchema).data.map((u) => u.firstName);
    expect(names).toContain('Cached');
  });

  it('skip the route while nothing changed, unless the request says Cache-Control: no-cache', async () => {
    const built = async (headers: Record<string, string> = {}) =>
      ((await svc.request('GET', '/api/test/built', { token: admin, headers })).body as { built: number }).built;
    const first = await built();
    expect(await built()).toBe(first);
    expect(await built({ 'cache-control': 'no-cache' })).toBe(first + 1);
  });

  it('follow a change of role at once: a demoted admin is not answered from an earlier answer', async () => {
    const alicesId = (await svc.request('GET', '/api/users/me', { token: alice })).as(userSchema).id;
    const forms = async () => (await svc.request('GET', '/api/forms', { token: alice })).status;
    expect(await forms()).toBe(403);
    await svc.request('PUT', `/api/users/${alicesId}`, { token: admin, body: { roles: ['ADMIN'] } });
    expect(await forms()).toBe(200);
    expect(await forms()).toBe(200);
    await svc.request('PUT', `/api/users/${alicesId}`, { token: admin, body: { roles: ['USER'] } });
    expect(await forms()).toBe(403);
  });

  it('read an account again only when an account of its organization changed, not after other writes', async () => {
    const carol = (await svc.signIn('carol@acme.test')).access_token;
    const forms = async () => (await svc.request('GET', '/api/forms', { token: carol })).status;
    expect(await forms()).toBe(403);
    // Made an admin behind the service's back, without moving the accounts counter: the account
    // read before stands, through writes that change no account…
    const { engine } = svc;
    const sqlite = engine.sqlite;
    const trigger = sqlite
      ?.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_update_counts'")
      .pluck()
      .get() as string;
    if (sqlite) sqlite.exec('DROP TRIGGER users_update_counts');
    else await engine.run('ALTER TABLE users DISABLE TRIGGER users_update_counts');
    try {
      await engine.run(`UPDATE users SET roles = '["ADMIN"]' WHERE email = 'carol@acme.test'`);
      const leave = await svc.request('POST', '/api/leave', {
        token: carol,
        body: { startDate: '2031-05-06', endDate: '2031-05-07', type: 'ANNUAL' },
      });
      expect(leave.status).toBe(201);
      expect(await forms()).toBe(403);
      // …and is read again once an account changes.
      await engine.run('UPDATE change_counters SET accounts = accounts + 1');
      expect(await forms()).toBe(200);
    } finally {
      await engine.run(`UPDATE users SET roles = '["USER"]' WHERE email = 'carol@acme.test'`);
      await engine.run('UPDATE change_counters SET accounts = accounts + 1');
      if (sqlite) sqlite.exec(trigger);
      else await engine.run('ALTER TABLE users ENABLE TRIGGER users_update_counts');
    }
  });

  it('refuse the valid token of an account removed since its last request, at once', async () => {
    const created = await svc.request('POST', '/api/users', {
      token: admin,
      body: {
        email: 'leaver@acme.test',
        password: 'leaving the office early',
        firstName: 'Lee',
        lastName: 'Ver',
        nationality: 'GB',
      },
    });
    expect(created.status).toBe(201);
    const leaver = (await svc.signIn('leaver@acme.test', 'leaving the office early')).access_token;
    const me = async () => (await svc.request('GET', '/api/users/me', { token: leaver })).status;
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);
    await svc.engine.run("DELETE FROM users WHERE email = 'leaver@acme.test'");
    expect(await me()).toBe(401);
  });
});

describe('problem details for bad input', () => {
  it('answers malformed JSON with 400 problem details', async () => {
    const res = await svc.request('POST', '/api/users', {
      token: admin,
      rawBody: '{"email": "x@acme.test",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.as(problemSchema)).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: 'The request body is not valid JSON',
    });
  });

  it('answers a body of the wrong type or media type, and a missing body, with 4xx problems', async () => {
    const wrongType = await svc.request('POST', '/api/users', { token: admin, body: [1, 2] });
    expect(wrongType.status).toBe(400);
    const text = await svc.request('POST', '/api/users', {
      token: admin,
      rawBody: 'email=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.as(problemSchema).status).toBe(415);
    const none = await svc.request('POST', '/api/users', { token: admin });
    expect(none.status).toBe(400);
    expect(none.as(problemSchema).detail).toMatch(/body/);
  });

  it('answers an unknown route with a 404 problem', async () => {
    const res = await svc.request('GET', '/api/nothing-here', { token: admin });
    expect(res.status).toBe(404);
    expect(res.as(problemSchema).detail).toBe('No route GET /api/nothing-here');
  });

  it('answers health without a token', async () => {
    const res = await svc.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.as(healthSchema)).toEqual({ status: 'ok', mail: false });
  });
});

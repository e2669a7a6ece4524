import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Leave, List, User } from '../../src-shared/wire';
import { LiveStream } from '../../src-main/core/sync/liveStream';
import { FaultProxy } from '../support/faultProxy';
import { ServiceProcess, TestBackend } from '../support/syncHarness';
import { quietFor } from '../support/waits';

// The service's event stream held open by the app: a change made elsewhere arrives without a timer.
let service: ServiceProcess;
const apps: TestBackend[] = [];

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const app of apps.splice(0)) app.dispose();
});

/** An app that runs by itself, as the desktop app does, with its timer far off unless asked. */
function running(
  sync: { intervalMs?: number; probeMs?: number; liveRetry?: { firstMs: number; maxMs: number } } = {},
  options: Omit<ConstructorParameters<typeof TestBackend>[0] & object, 'sync'> = {},
) {
  const app = new TestBackend({
    sync: { autoStart: true, debounceMs: 100, intervalMs: 3_600_000, reconnectMs: 200, probeMs: 3_600_000, ...sync },
    ...options,
  });
  apps.push(app);
  return app;
}

/** `read`'s answer once `ok` holds, or its last after `ms` (for the assertion after it to tell). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether the app's stream is open, once it is or after a few seconds. */
const live = async (app: TestBackend, ms = 10_000) =>
  (
    await until(
      () => app.call('sync.status'),
      (st) => st.live,
      ms,
    )
  ).live;

/** Once the app has every one of `asked` and is at rest. */
async function pulledIn(app: TestBackend, asked: Leave[]) {
  const has = async () => {
    for (const { id } of asked) if (!(await app.call('leave.get', { id }))) return false;
    return (await app.call('sync.status')).phase === 'idle';
  };
  expect(await until(has, (done) => done)).toBe(true);
}

/** Requests to the service as each person, signed in once (a sign-in costs a password hash). */
const people = new Map<string, ReturnType<typeof service.as>>();
let week = 0;
async function request(email: string) {
  if (!people.has(email)) people.set(email, service.as(email));
  const api = await people.get(email)!;
  const day = new Date(Date.UTC(2031, 0, 6 + 7 * week++)).toISOString().slice(0, 10);
  const res = await api<Leave>('POST', '/api/leave', { startDate: day, endDate: day, type: 'UNPAID' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('live updates', () => {
  it('a decision made elsewhere reaches the employee’s app with no sync asked for and the timer an hour away', async () => {
    const app = running();
    await app.signIn(service.url, 'alice@acme.test');
    expect(await live(app)).toBe(true);
    const asked = await request('alice@acme.test');
    await until(
      () => app.call('leave.get', { id: asked.id }),
      (l) => l !== null,
    );
    const manager = await service.as('manager@acme.test');
    await manager('PUT', `/api/leave/${asked.id}/status`, { status: 'APPROVED' });
    // Only the stream can bring it within seconds; how soon is the bench's figure (two apps, p95).
    const seen = await until(
      () => app.call('leave.get', { id: asked.id }),
      (l) => l?.status === 'APPROVED',
    );
    expect(seen?.status).toBe('APPROVED');
    // And the notification of it, unasked too (its own list's event, which may come a pull later).
    const notes = await until(
      () => app.call('notifications.list', { unreadOnly: true, pageSize: 5 }),
      (list) => list.data.some((n) => n.data.leaveId === asked.id && n.type === 'LEAVE_APPROVED'),
    );
    expect(notes.data.some((n) => n.data.leaveId === asked.id && n.type === 'LEAVE_APPROVED')).toBe(true);
  });

  it('while the stream is open an idle app sends nothing but it, and a burst of changes is one pull', async () => {
    let requests = 0;
    const proxy = await new FaultProxy(() => service.url, {
      rate: 0,
      random: Math.random,
      onRequest: () => requests++,
    }).start();
    // What the stream brought: each write the manager hears of is one event.
    let streamText = '';
    proxy.streamed = (chunk) => void (streamText += chunk.toString());
    const events = () => streamText.split('event: changed').length - 1;
    try {
      // The timer and the probe are due often: with the stream open they rest.
      const app = running({ intervalMs: 300, probeMs: 100 });
      await app.signIn(proxy.url, 'manager@acme.test');
      // Live and at rest: the catch-up sync that opening the stream starts is over (it starts as the
      // stream opens, so the two are never seen together before it ends).
      const rest = await until(
        () => app.call('sync.status'),
        (s) => s.live && s.phase === 'idle',
      );
      expect(rest).toMatchObject({ live: true, phase: 'idle' });
      requests = 0;
      // A negative check: the timer (300 ms) and the probe (100 ms) had several turns each.
      await quietFor(1_500, 'requests while idle with the stream open', () => requests, 0);

      // One change: what a pull of the lists it names costs here, counted once the app has it.
      await pulledIn(app, [await request('alice@acme.test')]);
      const one = requests;
      expect(one).toBeGreaterThan(0);
      await quietFor(300, 'requests after the pull of one change', () => requests, one);

      // Five changes from two people in a burst. Made one after another they would reach the app as
      // the machine's load spaces them: the stream is held until the service has told all five, so
      // the app hears them as a burst (at once), as it would on a service writing them together.
      proxy.holdStreams = true;
      const told = events();
      const burst = await Promise.all([0, 1, 2, 3, 4].map((i) => request(i % 2 ? 'bob@acme.test' : 'alice@acme.test')));
      await vi.waitFor(() => expect(events() - told).toBe(5), { timeout: 10_000 });
      requests = 0;
      proxy.releaseStreams();
      // Taken together: one pull of the lists they name, not five.
      await pulledIn(app, burst);
      const pulled = requests;
      expect(pulled, `pages asked after a burst of five changes (one change: ${one})`).toBeLessThanOrEqual(one);
      await quietFor(300, 'requests after the pull of the burst', () => requests, pulled);
    } finally {
      await proxy.stop();
    }
  });

  it('falls back to the timer where the stream is refused (a proxy or a service without it)', async () => {
    const proxy = await new FaultProxy(() => service.url, { rate: 0, random: Math.random }).start();
    try {
      proxy.hidden = /^\/api\/events/;
      const app = running({ intervalMs: 500 });
      await app.signIn(proxy.url, 'alice@acme.test');
      await until(
        () => app.call('sync.status'),
        (s) => s.online && s.phase === 'idle',
      );
      expect((await app.call('sync.status')).live).toBe(false);
      const first = await request('alice@acme.test');
      // The timer brings it.
      const byTimer = await until(
        () => app.call('leave.get', { id: first.id }),
        (l) => l !== null,
        3_000,
      );
      expect(byTimer?.id).toBe(first.id);
      expect((await app.call('sync.status')).live).toBe(false);
    } finally {
      await proxy.stop();
    }
  });

  it('comes back by itself after the service was away, and hears of what changed meanwhile', async () => {
    const app = running();
    await app.signIn(service.url, 'manager@acme.test');
    expect(await live(app)).toBe(true);
    await service.stop();
    expect(
      (
        await until(
          () => app.call('sync.status'),
          (s) => !s.live,
        )
      ).live,
    ).toBe(false);
    await service.start();
    const asked = await request('bob@acme.test');
    const seen = await until(
      () => app.call('leave.get', { id: asked.id }),
      (l) => l !== null,
      6_000,
    );
    expect(seen?.id).toBe(asked.id);
    expect(await live(app)).toBe(true);
    // The manager's list of people is the service's too (a catch-up of every list).
    const admin = await service.as('admin@acme.test');
    const people = (await admin<List<User>>('GET', '/api/users?pageSize=500')).body.data.length;
    expect((await app.call('users.list', { pageSize: 500 })).meta.total).toBe(people);
  });

  it('opens the stream again as soon as a sync succeeds after the service was away, not when its backoff ends', async () => {
    // The stream's own retries are ten minutes apart: only the sync can bring it back within the test.
    const app = running({ probeMs: 100, liveRetry: { firstMs: 600_000, maxMs: 600_000 } });
    await app.signIn(service.url, 'manager@acme.test');
    await expect.poll(async () => (await app.call('sync.status')).live, { timeout: 5_000 }).toBe(true);
    await service.stop();
    await expect
      .poll(
        async () => {
          const status = await app.call('sync.status');
          return status.live || status.online;
        },
        { timeout: 5_000 },
      )
      .toBe(false);
    const before = (await app.call('sync.status')).lastSyncedAt;
    await service.start();
    await vi.waitFor(
      async () => {
        const status = await app.call('sync.status');
        expect(status.lastSyncedAt).not.toBe(before);
        expect(status.live).toBe(true);
      },
      { timeout: 8_000, interval: 50 },
    );
  });

  it('closed while events wait to be pulled (signed out, the app quit), reads nothing from its closed cache', async () => {
    let requests = 0;
    const proxy = await new FaultProxy(() => service.url, {
      rate: 0,
      random: Math.random,
      onRequest: () => requests++,
    }).start();
    // What the app logs at warn and above (a sync failing on its closed cache would say so), and
    // what it throws with no one to catch it (a timer's read of the closed cache).
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const thrown: string[] = [];
    const keep = (error: unknown) => void thrown.push(String(error));
    process.on('uncaughtException', keep);
    process.on('unhandledRejection', keep);
    try {
      const app = running({}, { log });
      await app.signIn(proxy.url, 'manager@acme.test');
      expect(
        await until(
          () => app.call('sync.status'),
          (s) => s.live && s.phase === 'idle',
        ),
      ).toMatchObject({ live: true, phase: 'idle' });
      // The stream takes an event, which then waits its 50 ms to be passed on with others: the app
      // closes its account at once (before any timer can run).
      const proto = LiveStream.prototype as unknown as { take(this: LiveStream, block: string): void };
      const take = proto.take;
      let closed!: () => void;
      const closedWithEventWaiting = new Promise<void>((resolve) => (closed = resolve));
      vi.spyOn(proto, 'take').mockImplementation(function (this: LiveStream, block: string) {
        take.call(this, block);
        if (!/^event: changed$/m.test(block)) return;
        queueMicrotask(() => {
          app.backend.close();
          closed();
        });
      });
      await request('alice@acme.test');
      await closedWithEventWaiting;
      const asked = requests;
      // A negative check, well past the 50 ms: nothing runs against the closed cache, nothing is asked.
      await quietFor(
        500,
        'requests, warnings and errors after the app closed',
        () => ({ requests, warnings, thrown }),
        { requests: asked, warnings: [], thrown: [] },
      );
    } finally {
      process.off('uncaughtException', keep);
      process.off('unhandledRejection', keep);
      await proxy.stop();
    }
  });
});

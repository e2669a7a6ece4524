import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEvents } from '../../src-shared/appApi';
import { REQUESTS_AHEAD } from '../../src-main/core/sync/requestWindow';
import { FaultProxy } from '../support/faultProxy';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// Enough people that the admin's trainings run to six pages of 500, and other lists to several.
let service: ServiceProcess;
let proxy: FaultProxy;
let app: TestBackend;

/** What goes out through a pull's request window at scale: list pages and the calendar's pieces. */
const WINDOWED = /[?&]page=\d|^\/api\/leave\/calendar\?/;
/** The admin's trainings at this size, in pages of 500. */
const TRAINING_PAGES = 6;
const trainingsPage = (n: number) => new RegExp(`^/api/trainings\\?(.*&)?page=${n}(&|$)`);

// Seeding 450 people an organization row by row into PostgreSQL takes a busy machine over the
// default 30 s.
beforeAll(async () => {
  service = await new ServiceProcess(450).start();
  // Every answer a little late, so requests that overlap are seen overlapping.
  proxy = await new FaultProxy(() => service.url, {
    rate: 1,
    faults: ['slow'],
    slowMs: 30,
    random: Math.random,
  }).start();
}, 120_000);
afterAll(async () => {
  // (Unset when the start failed.)
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  await proxy?.stop();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  await service?.dispose();
});
afterEach(() => {
  app.dispose();
  proxy.watched = null;
  proxy.hidden = null;
  proxy.beforeForward = null;
  proxy.peakInFlight = 0;
});

async function serviceTotal(path: string): Promise<number> {
  const api = await service.as('admin@acme.test');
  return (await api<{ meta: { total: number } }>('GET', path)).body.meta.total;
}

function progressOf(target: TestBackend) {
  const seen: { done: number; total: number }[] = [];
  target.backend.on((name, payload) => {
    const progress = name === 'sync.status' ? (payload as AppEvents['sync.status']).progress : null;
    if (progress && progress.total > 0) seen.push(progress);
  });
  return seen;
}

describe('a first sync asks for pages ahead', () => {
  it('has the next pages of a list built while it stores one, never more than the window at once', async () => {
    // The pages of the trainings after the first (five at this size) are asked ahead once the first
    // says how many there are: held until all five are on their way, so that a busy machine answering
    // one before the last leaves cannot hide it, they must all be out at once.
    proxy.watched = /^\/api\/trainings\?(.*&)?page=([2-9]|\d\d)(&|$)/;
    let filled = false;
    proxy.beforeForward = async (url) => {
      if (filled || !proxy.watched!.test(url)) return;
      await vi
        .waitFor(
          () => {
            if (proxy.inFlight < TRAINING_PAGES - 1) throw new Error('the pages ahead are not all out');
          },
          { timeout: 4_000 },
        )
        .catch(() => undefined);
      filled = true;
    };
    app = new TestBackend();
    const progress = progressOf(app);
    await app.signIn(proxy.url, 'admin@acme.test');
    expect(await app.call('sync.now')).toMatchObject({ lastError: null, phase: 'idle' });
    // One lane would have one page of the list on its way; asked ahead, every page left is.
    expect(proxy.peakInFlight).toBe(Math.min(TRAINING_PAGES - 1, REQUESTS_AHEAD));
    expect(proxy.inFlight).toBe(0);
    expect((await app.call('trainings.list', { pageSize: 1 })).meta.total).toBe(
      await serviceTotal('/api/trainings?pageSize=1'),
    );
    expect((await app.call('leave.team', { pageSize: 1 })).meta.total).toBe(
      await serviceTotal('/api/leave/team?pageSize=1'),
    );
    expect(progress.every((p) => p.done <= p.total)).toBe(true);
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
  });

  it("asks for the admin's calendar, the longest answer to build, once the first pages are in and the next ones asked for", async () => {
    const asked: string[] = [];
    proxy.beforeForward = (url) => void asked.push(url);
    app = new TestBackend();
    await app.signIn(proxy.url, 'admin@acme.test');
    expect(await app.call('sync.now')).toMatchObject({ lastError: null, phase: 'idle' });
    const at = (pattern: RegExp) => asked.findIndex((url) => pattern.test(url));
    const calendar = at(/^\/api\/leave\/calendar\?/);
    expect(calendar).toBeGreaterThan(0);
    for (const first of [/^\/api\/users\?/, /^\/api\/trainings\?/, /^\/api\/leave\/team\?|^\/api\/leave\?/]) {
      expect(at(first)).toBeGreaterThanOrEqual(0);
      expect(at(first)).toBeLessThan(calendar);
    }
    // Not only asked: the first pages are in and the next queued, for this side to store while
    // the service builds the calendar.
    expect(at(trainingsPage(2))).toBeGreaterThan(0);
    expect(at(trainingsPage(2))).toBeLessThan(calendar);
  });

  it('stops at the end of a list that shrank while it was walked, and the next sync drops what went', async () => {
    const { engine } = service.service;
    const org = (await engine.get<{ id: string }>("SELECT id FROM organizations WHERE slug = 'acme'"))!.id;
    let shrunk = false;
    proxy.beforeForward = async (url) => {
      // Pages 2 to 5 are on their way when the third reaches the service: 700 trainings remain.
      if (shrunk || !trainingsPage(3).test(url)) return;
      shrunk = true;
      await engine.run(
        `DELETE FROM trainings WHERE organization_id = :org AND id NOT IN
           (SELECT id FROM trainings WHERE organization_id = :org ORDER BY created_at, id LIMIT 700)`,
        { org },
      );
    };
    proxy.watched = WINDOWED;
    app = new TestBackend();
    const progress = progressOf(app);
    await app.signIn(proxy.url, 'admin@acme.test');
    expect(await app.call('sync.now')).toMatchObject({ lastError: null, phase: 'idle' });
    expect(shrunk).toBe(true);
    expect(proxy.inFlight).toBe(0);
    // The bar ends full: the pages counted that no longer exist were taken off it.
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    // Page 2 or 3 was the last (whichever the service answered after the change); the answers
    // of pages 4 to 6, asked for ahead, were left unstored.
    const pages = (
      app.backend.account!.db.prepare("SELECT key FROM sync_pages WHERE key LIKE 'trainings#%'").all() as {
        key: string;
      }[]
    ).map((p) => Number(p.key.split('#')[1]));
    expect(pages.sort()).toEqual(pages.includes(3) ? [1, 2, 3] : [1, 2]);
    // Never more than the window; whether it filled before the list ended is the machine's timing.
    expect(proxy.peakInFlight).toBeLessThanOrEqual(REQUESTS_AHEAD);

    await app.call('sync.now');
    expect((await app.call('trainings.list', { pageSize: 1 })).meta.total).toBe(700);
    expect(await serviceTotal('/api/trainings?pageSize=1')).toBe(700);
  });

  it('ends with the error when a page fails, and the next sync completes', async () => {
    proxy.hidden = trainingsPage(2);
    app = new TestBackend();
    await app.signIn(proxy.url, 'admin@acme.test');
    const failed = await app.call('sync.now');
    expect(failed.lastError).toMatch(/not found/i);
    expect(failed.lastSyncedAt).toBeNull();
    proxy.hidden = null;
    expect(await app.call('sync.now')).toMatchObject({ lastError: null, phase: 'idle' });
    expect((await app.call('trainings.list', { pageSize: 1 })).meta.total).toBe(
      await serviceTotal('/api/trainings?pageSize=1'),
    );
  });

  it('asks the service for nothing more once a request of the pull failed', async () => {
    let forwarded = 0;
    proxy.beforeForward = () => void (forwarded += 1);
    app = new TestBackend();
    await app.signIn(proxy.url, 'admin@acme.test');
    // One of the first requests of a pull fails: the other lists do not walk on to their ends.
    proxy.hidden = /^\/api\/training-categories/;
    forwarded = 0;
    expect((await app.call('sync.now')).lastError).toMatch(/not found/i);
    const whileFailing = forwarded;
    proxy.hidden = null;
    forwarded = 0;
    expect(await app.call('sync.now')).toMatchObject({ lastError: null, phase: 'idle' });
    expect(whileFailing).toBeLessThan(forwarded / 2);
  });
});

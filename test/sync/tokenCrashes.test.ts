import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Training } from '../../src-shared/wire';
import { FileTokenStore } from '../../src-main/core/session/tokens';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { openAccountCache, ServiceProcess, TestBackend } from '../support/syncHarness';
import { letTimePass } from '../support/waits';
import { runToEnd, runWorker } from '../support/workerProcess';

let service: ServiceProcess;

/** The refresh tokens the service holds for a person, oldest first: what a failure needs to be told apart. */
async function tokenChain(userId: string): Promise<string> {
  const rows = await service.service.engine.all<Record<string, string | null>>(
    `SELECT id, family_id AS family, created_at, rotated_at, revoked_at, successor_id AS successor
     FROM refresh_tokens WHERE user_id = :userId ORDER BY created_at, id`,
    { userId },
  );
  const short = (id: string | null) => id?.slice(-6) ?? null;
  return rows
    .map((r) => JSON.stringify({ ...r, id: short(r.id!), family: short(r.family!), successor: short(r.successor!) }))
    .join('\n');
}
let proxy: FaultProxy;
const random = seededRandom(2026);

beforeAll(async () => {
  // Access tokens live two seconds: every run of the worker renews them, again and again.
  service = await new ServiceProcess(4, { accessTokenSeconds: 2 }).start();
  proxy = await new FaultProxy(() => service.url, {
    rate: 0.3,
    random,
    faults: ['reset-before', 'reset-after', 'status-500', 'slow'],
    slowMs: 60,
  }).start();
});
afterAll(async () => {
  await proxy.stop();
  await service.dispose();
});

it(
  '300 changes through 30% faults, the app killed 10 times, tokens expiring every 2 s: all sent once, still signed in',
  { timeout: 300_000 },
  async () => {
    const owner = new TestBackend();
    proxy.enabled = false;
    const account = await owner.signIn(proxy.url, 'bob@acme.test');
    await owner.call('sync.now');
    const refs = await owner.call('trainings.references');
    for (let i = 0; i < 300; i++) {
      await owner.call('trainings.create', {
        name: `kill${i}`,
        typeId: refs.types[0]!.id,
        categoryId: refs.categories[0]!.id,
        startDate: '2031-01-06',
        hours: i,
      });
    }
    expect((await owner.call('sync.status')).pending).toBe(300);
    owner.backend.close();
    // The worker keeps its refresh token in a file, from the last one the app held.
    await new FileTokenStore(join(owner.dataDir, 'tokens.json')).set(account.id, (await owner.tokens.get(account.id))!);
    proxy.enabled = true;

    // Where each kill landed relative to keeping a new refresh token.
    let beforeStore = 0;
    let afterStore = 0;
    for (let round = 0; round < 10; round++) {
      const run = runWorker(owner.dataDir, account.id, { STORE_PAUSE_MS: '300' });
      const atWork = proxy.workAnswered();
      await Promise.race([run.ready, run.exited]);
      // A third of the kills as a new refresh token is being kept (the worker has said "storing" and
      // pauses before "stored"), a third once one is kept, and a third at a random moment: near the
      // start, where each new process renews its token at once (it keeps no access token), or anywhere
      // in the push once it is under way. The first two are conditions, so both kinds of kill happen
      // however busy the machine; a token left unkept is sent again within a round or two, never
      // past the service's minute of grace.
      const aim = round % 3;
      if (aim < 2) {
        // Tokens last two seconds: a renewal, and so a token being kept, comes every few seconds.
        const storing = (out: string) => out.lastIndexOf('storing\n') > out.lastIndexOf('stored\n');
        const there = (out: string) => (aim === 0 ? storing(out) : out.includes('stored\n') && !storing(out));
        await vi.waitFor(
          () => {
            if (!there(run.output()) && run.running()) throw new Error(aim === 0 ? 'not storing yet' : 'none kept yet');
          },
          { timeout: 120_000, interval: 5 },
        );
      } else {
        if (round % 2) await Promise.race([atWork, run.exited]);
        await letTimePass(round % 2 ? random() * 2_500 : random() * 700);
      }
      run.child.kill('SIGKILL');
      await run.exited;
      // Gone: no worker of an earlier round goes on beside the next one with the same token.
      expect(run.running(), 'the killed worker still runs').toBe(false);
      const out = run.output();
      expect(out, `${out}\nthe sign-in's refresh tokens:\n${await tokenChain(account.userId)}`).not.toMatch(
        /needsSignIn":true/,
      );
      if (out.lastIndexOf('storing\n') > out.lastIndexOf('stored\n')) beforeStore += 1;
      else if (out.includes('stored\n')) afterStore += 1;
    }
    expect(beforeStore, 'kills between the service’s rotation and the app’s store').toBeGreaterThan(0);
    expect(afterStore, 'kills after a new token was kept').toBeGreaterThan(0);

    proxy.enabled = false;
    const last = await runToEnd(owner.dataDir, account.id);
    expect(last.code, last.output).toBe(0);
    expect(last.status).toMatchObject({ pending: 0, conflicts: 0, needsSignIn: false });

    const api = await service.as('bob@acme.test');
    const made = (
      await api<{ data: Training[] }>('GET', `/api/trainings?userId=${account.userId}&pageSize=500&search=kill`)
    ).body.data.filter((t) => /^kill\d+$/.test(t.name));
    expect(made.map((t) => t.name).sort()).toEqual(Array.from({ length: 300 }, (_, i) => `kill${i}`).sort());

    const cache = openAccountCache(owner.dataDir, account.id);
    try {
      expect(cache.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      cache.close();
      owner.dispose();
    }
  },
);

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leave, Training } from '../../src-shared/wire';
import { FileTokenStore } from '../../src-main/core/session/tokens';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { openAccountCache, ServiceProcess, TestBackend } from '../support/syncHarness';
import { letTimePass } from '../support/waits';
import { runToEnd, runWorker } from '../support/workerProcess';

let service: ServiceProcess;
let proxy: FaultProxy;
const random = seededRandom(77);

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  // Every request a little slow, so kills land in the middle of pushes.
  proxy = await new FaultProxy(() => service.url, { rate: 1, random, faults: ['slow'], slowMs: 40 }).start();
});
afterAll(async () => {
  await proxy.stop();
  await service.dispose();
});

describe('the pushing process killed at random points', () => {
  it(
    '20 SIGKILLs and restarts lose no change and apply none twice; the cache stays intact',
    { timeout: 300_000 },
    async () => {
      const owner = new TestBackend();
      const account = await owner.signIn(proxy.url, 'bob@acme.test');
      await owner.call('sync.now');
      const refs = await owner.call('trainings.references');

      // Over two hundred changes queued offline: creates, edits and deletes of leave and trainings.
      const leave = new Map<string, { id: string; type: string } | null>();
      const trainings = new Map<string, { id: string; hours: number } | null>();
      const queueTraining = async (i: number) => {
        const t = await owner.call('trainings.create', {
          name: `crash${i}`,
          typeId: refs.types[0]!.id,
          categoryId: refs.categories[0]!.id,
          startDate: '2030-01-01',
          hours: i,
        });
        trainings.set(`crash${i}`, { id: t.id, hours: i });
      };
      for (let i = 0; i < 24; i++) {
        const monday = new Date(Date.UTC(2030, 0, 8 + 7 * i)).toISOString().slice(0, 10);
        const l = await owner.call('leave.create', {
          startDate: monday,
          endDate: monday,
          type: 'ANNUAL',
          notes: `crash${i}`,
        });
        leave.set(`crash${i}`, { id: l.id, type: 'ANNUAL' });
        await queueTraining(i);
      }
      await owner.call('sync.now').catch(() => undefined);
      expect((await owner.call('sync.status')).pending).toBe(0);
      // Now edits and deletes of records the service has, queued and not yet sent.
      for (let i = 0; i < 24; i++) {
        const key = `crash${i}`;
        const t = (await owner.call('trainings.list', { search: key, pageSize: 5 })).data.find((x) => x.name === key)!;
        if (i % 3 === 0) {
          await owner.call('trainings.delete', { id: t.id });
          trainings.set(key, null);
        } else {
          await owner.call('trainings.update', { id: t.id, changes: { hours: 100 + i } });
          trainings.set(key, { id: t.id, hours: 100 + i });
        }
        const l = (await owner.call('leave.mine', { pageSize: 500 })).data.find((x) => x.notes === key)!;
        if (i % 4 === 0) {
          await owner.call('leave.delete', { id: l.id });
          leave.set(key, null);
        } else if (i % 4 === 1) {
          await owner.call('leave.update', {
            id: l.id,
            changes: { startDate: l.startDate, endDate: l.endDate, type: 'UNPAID', notes: key },
          });
          leave.set(key, { id: l.id, type: 'UNPAID' });
        }
      }
      for (let i = 24; i < 36; i++) {
        const monday = new Date(Date.UTC(2030, 0, 8 + 7 * i)).toISOString().slice(0, 10);
        const l = await owner.call('leave.create', {
          startDate: monday,
          endDate: monday,
          type: 'OTHER',
          notes: `crash${i}`,
        });
        leave.set(`crash${i}`, { id: l.id, type: 'OTHER' });
      }
      // Enough queued that a pusher is often killed before it is through (several go at once).
      for (let i = 36; i < 136; i++) await queueTraining(i);
      const queued = (await owner.call('sync.status')).pending;
      expect(queued).toBeGreaterThanOrEqual(140);
      owner.backend.close();
      // The worker keeps its refresh token in a file, from the last one the app held.
      await new FileTokenStore(join(owner.dataDir, 'tokens.json')).set(
        account.id,
        (await owner.tokens.get(account.id))!,
      );

      let killedMidway = 0;
      for (let round = 0; round < 20; round++) {
        const run = runWorker(owner.dataDir, account.id);
        const atWork = proxy.workAnswered();
        // Killed at a random moment of its push, however long the process took to start and to renew
        // its token (kills there are tokenCrashes.test.ts's: a busy machine made every kill here land
        // between a renewal and its keeping, round after round, past the service's minute of grace).
        await Promise.race([run.ready, run.exited]);
        await Promise.race([atWork, run.exited]);
        await letTimePass(random() * 300);
        run.child.kill('SIGKILL');
        await run.exited;
        expect(run.running(), 'the killed worker still runs').toBe(false);
        if (!run.output().includes('"pending":0')) killedMidway += 1;
      }
      expect(killedMidway).toBeGreaterThan(5);

      const last = await runToEnd(owner.dataDir, account.id);
      expect(last.code, last.output).toBe(0);
      expect(last.status).toMatchObject({ pending: 0, conflicts: 0, needsSignIn: false });

      const api = await service.as('bob@acme.test');
      const onService = (
        await api<{ data: Leave[] }>('GET', `/api/leave?userId=${account.userId}&pageSize=500`)
      ).body.data.filter((l) => l.notes?.startsWith('crash'));
      expect(onService.map((l) => [l.notes, l.type]).sort()).toEqual(
        [...leave]
          .filter(([, v]) => v)
          .map(([k, v]) => [k, v!.type])
          .sort(),
      );
      const trainingsOnService = (
        await api<{ data: Training[] }>('GET', `/api/trainings?userId=${account.userId}&pageSize=500`)
      ).body.data.filter((t) => t.name.startsWith('crash'));
      expect(trainingsOnService.map((t) => [t.name, t.hours]).sort()).toEqual(
        [...trainings]
          .filter(([, v]) => v)
          .map(([k, v]) => [k, v!.hours])
          .sort(),
      );

      const cache = openAccountCache(owner.dataDir, account.id);
      try {
        expect(cache.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(cache.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 0 });
      } finally {
        cache.close();
        owner.dispose();
      }
    },
  );
});

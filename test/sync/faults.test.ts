import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leave, Training } from '../../src-shared/wire';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
let proxy: FaultProxy;
const random = seededRandom(20261121);

beforeAll(async () => {
  service = await new ServiceProcess(6).start();
  proxy = await new FaultProxy(() => service.url, { rate: 0.3, random }).start();
});
afterAll(async () => {
  await proxy.stop();
  await service.dispose();
});

interface Intent {
  leave: Map<string, { id: string; notes: string; type: string } | null>;
  trainings: Map<string, { id: string; name: string; hours: number; status: string } | null>;
}

describe('pushing through a network that fails 30% of the time', () => {
  it(
    '300 random operations from four accounts end in exactly the state they imply, each effect once',
    { timeout: 300_000 },
    async () => {
      const emails = ['alice@acme.test', 'bob@acme.test', 'carol@acme.test', 'manager@acme.test'];
      proxy.enabled = false;
      const apps = await Promise.all(
        emails.map(async (email) => {
          const app = new TestBackend({ requestTimeoutMs: 1_500 });
          const account = await app.signIn(proxy.url, email);
          await app.call('sync.now');
          return { app, email, account, intent: { leave: new Map(), trainings: new Map() } as Intent, weeks: 0 };
        }),
      );
      const refs = await apps[0]!.app.call('trainings.references');
      proxy.enabled = true;

      const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
      for (let i = 0; i < 300; i++) {
        const who = pick(apps);
        const { app, intent } = who;
        const tag = `op${i}`;
        const roll = random();
        const myLeave = [...intent.leave.entries()].filter(([, v]) => v !== null);
        const myTrainings = [...intent.trainings.entries()].filter(([, v]) => v !== null);
        // The id the app answered with when the record was made, as a view would keep it: a local
        // one keeps working after the service has named the record.
        const idOf = (map: Map<string, { id: string } | null>, key: string) => map.get(key)!.id;
        if (roll < 0.25 || myLeave.length === 0) {
          // Each request its own week of 2029, so none overlaps.
          const monday = new Date(Date.UTC(2029, 0, 1 + 7 * who.weeks++));
          const start = monday.toISOString().slice(0, 10);
          const end = new Date(monday.getTime() + 86_400_000).toISOString().slice(0, 10);
          const l = await app.call('leave.create', { startDate: start, endDate: end, type: 'ANNUAL', notes: tag });
          intent.leave.set(tag, { id: l.id, notes: tag, type: 'ANNUAL' });
        } else if (roll < 0.4) {
          const [key, v] = pick(myLeave);
          const current = await app.call('leave.get', { id: idOf(intent.leave, key) });
          const type = pick(['UNPAID', 'OTHER', 'ANNUAL'] as const);
          await app.call('leave.update', {
            id: idOf(intent.leave, key),
            changes: { startDate: current!.startDate, endDate: current!.endDate, type, notes: v!.notes },
          });
          intent.leave.set(key, { ...v!, type });
        } else if (roll < 0.5) {
          const [key] = pick(myLeave);
          await app.call('leave.delete', { id: idOf(intent.leave, key) });
          intent.leave.set(key, null);
        } else if (roll < 0.7 || myTrainings.length === 0) {
          const t = await app.call('trainings.create', {
            name: tag,
            typeId: refs.types[0]!.id,
            categoryId: refs.categories[0]!.id,
            // Over already, so it may be marked completed below.
            startDate: '2025-03-03T09:00:00.000Z',
            hours: 1,
          });
          intent.trainings.set(tag, { id: t.id, name: tag, hours: 1, status: 'PLANNED' });
        } else if (roll < 0.82) {
          const [key, v] = pick(myTrainings);
          const hours = Math.floor(random() * 40) + 1;
          await app.call('trainings.update', { id: idOf(intent.trainings, key), changes: { hours } });
          intent.trainings.set(key, { ...v!, hours });
        } else if (roll < 0.9) {
          const [key, v] = pick(myTrainings);
          await app.call('trainings.setStatus', { id: idOf(intent.trainings, key), status: 'COMPLETED' });
          intent.trainings.set(key, { ...v!, status: 'COMPLETED' });
        } else {
          const [key] = pick(myTrainings);
          await app.call('trainings.delete', { id: idOf(intent.trainings, key) });
          intent.trainings.set(key, null);
        }
        if (random() < 0.15) await app.call('sync.now');
      }
      const injected = proxy.counts;
      expect(injected['reset-after'] + injected['hang-after']).toBeGreaterThan(5);

      proxy.enabled = false;
      for (const { app } of apps) {
        // A sync already under way when the faults stopped may still meet one (a request held by
        // the proxy times out): the next runs on a clean network.
        let status = await app.call('sync.now');
        for (let again = 0; again < 2 && !status.online; again++) status = await app.call('sync.now');
        expect(status).toMatchObject({ online: true, pending: 0, conflicts: 0 });
      }

      for (const { email, intent, app } of apps) {
        const api = await service.as(email);
        const me = (await api<{ id: string }>('GET', '/api/users/me')).body.id;
        const leave = (await api<{ data: Leave[] }>('GET', `/api/leave?userId=${me}&pageSize=500`)).body.data.filter(
          (l) => l.notes?.startsWith('op'),
        );
        const expectedLeave = [...intent.leave].filter(([, v]) => v).map(([k, v]) => [k, v!.type]);
        expect(leave.map((l) => [l.notes, l.type]).sort()).toEqual(expectedLeave.sort());
        const trainings = (
          await api<{ data: Training[] }>('GET', `/api/trainings?userId=${me}&pageSize=500`)
        ).body.data.filter((t) => t.name.startsWith('op'));
        const expectedTrainings = [...intent.trainings].filter(([, v]) => v).map(([k, v]) => [k, v!.hours, v!.status]);
        expect(trainings.map((t) => [t.name, t.hours, t.status]).sort()).toEqual(expectedTrainings.sort());
        // And the cache agrees with the service.
        const cached = (await app.call('trainings.list', { pageSize: 500, userId: me })).data.filter((t) =>
          t.name.startsWith('op'),
        );
        expect(cached.map((t) => [t.name, t.hours, t.status]).sort()).toEqual(expectedTrainings.sort());
        app.dispose();
      }
    },
  );
});

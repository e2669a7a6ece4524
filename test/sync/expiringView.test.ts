import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEnglish } from '../../src-shared/i18n/english';
import { expiringCsvRows } from '../../src-shared/records/trainingExpiry';
import type { AppResult } from '../../src-shared/appApi';
import type { Training } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// The app's Expiring view, read from its cache: a lapsed certificate stays a gap until the same
// course is passed again, and the view, its counts and its CSV agree.
let service: ServiceProcess;
let app: TestBackend;

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  app = new TestBackend();
  await app.signIn(service.url, 'alice@acme.test');
  await app.call('sync.now');
});
afterAll(async () => {
  app.dispose();
  await service.dispose();
});

/** The view's lists, its counts and its CSV say the same. */
function expectAgreement(view: AppResult<'trainings.expiring'>) {
  const expiring = view.groups.flatMap((g) => g.expiring);
  const lapsed = view.groups.flatMap((g) => g.lapsed);
  expect([view.expiring, view.lapsed]).toEqual([expiring.length, lapsed.length]);
  const csv = expiringCsvRows(view.groups, formatEnglish).slice(1);
  expect(csv).toHaveLength(expiring.length + lapsed.length);
  expect(csv.filter((r) => r[4] === 'Lapsed').map((r) => [r[1], r[2], r[3]])).toEqual(
    lapsed.map((i) => [i.person, i.name, i.expiryDate]),
  );
}

const lapsedIds = (view: AppResult<'trainings.expiring'>) =>
  view.groups.flatMap((g) => g.lapsed.map((i) => i.trainingId));

describe('the Expiring view', () => {
  it('keeps a lapsed certificate despite a later course of its type, and drops it once the same course is passed again', async () => {
    const alice = await service.as('alice@acme.test');
    const refs = await app.call('trainings.references');
    const online = refs.types.find((t) => t.name === 'Online')!.id;
    const compliance = refs.categories.find((c) => c.name === 'Compliance')!.id;
    const passed = async (name: string, startDate: string, expiryDate: string) => {
      const t = (
        await alice<Training>('POST', '/api/trainings', {
          name,
          typeId: online,
          categoryId: compliance,
          startDate,
          expiryDate,
        })
      ).body;
      expect((await alice('PATCH', `/api/trainings/${t.id}`, { status: 'COMPLETED', outcome: 'PASSED' })).status).toBe(
        200,
      );
      return t;
    };
    const bribery = await passed('Anti-bribery', '2025-04-26', '2026-04-26');
    await passed('GDPR essentials', '2026-03-03', '2028-03-03');
    await app.call('sync.now');
    const before = await app.call('trainings.expiring', undefined);
    expect(lapsedIds(before)).toContain(bribery.id);
    const row = expiringCsvRows(before.groups, formatEnglish).find(
      (r) => r[2] === 'Anti-bribery' && r[1] === 'Alice Archer',
    );
    expect(row?.slice(3, 5)).toEqual(['2026-04-26', 'Lapsed']);
    expectAgreement(before);

    // The same course, passed again this autumn, case and spacing aside.
    await passed('  anti-BRIBERY ', '2026-10-12', '2027-10-12');
    await app.call('sync.now');
    const after = await app.call('trainings.expiring', undefined);
    expect(lapsedIds(after)).not.toContain(bribery.id);
    expect(after.lapsed).toBe(before.lapsed - 1);
    expectAgreement(after);
  });
});

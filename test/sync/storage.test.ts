import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import { toAppError } from '../../src-main/core/app/appError';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

it('a full disk: a change is refused in words, nothing half-written, reads go on, and the status says why', async () => {
  const app = new TestBackend();
  try {
    await app.signIn(service.url, 'alice@acme.test');
    await app.call('sync.now');
    const db = app.backend.account!.db;
    // The cache may not grow by a single page: as a full disk would answer.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    // Changes fit in the pages' free space for a while, then one needs a new page.
    const notes = 'x'.repeat(1_900);
    let refused: AppError | null = null;
    let saved = 0;
    let before = await app.call('leave.mine', { pageSize: 500 });
    // Set in the refusal's callback, which TypeScript does not follow.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    for (let week = 0; week < 200 && !refused; week++) {
      // A Tuesday and a Wednesday: never both a public holiday.
      const tuesday = new Date(Date.UTC(2030, 0, 8 + week * 7)).toISOString().slice(0, 10);
      const wednesday = new Date(Date.UTC(2030, 0, 9 + week * 7)).toISOString().slice(0, 10);
      before = await app.call('leave.mine', { pageSize: 500 });
      // As it crosses to the window (a direct call throws the cache's own error).
      await app.call('leave.create', { startDate: tuesday, endDate: wednesday, type: 'ANNUAL', notes }).then(
        () => (saved += 1),
        (e: unknown) => (refused = toAppError(e)),
      );
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (!refused) throw new Error('the cache never filled');
    refused = refused as AppError;
    expect(refused.code).toBe('STORAGE');
    expect(refused.message).toBe(
      'This computer’s disk is full, so the change was not saved. Free some space and try again.',
    );
    expect(await app.call('leave.mine', { pageSize: 500 })).toEqual(before);
    const status = await app.call('sync.status');
    expect(status.storageProblem).toBe(refused.message);
    expect(status.pending).toBe(saved);

    // Space again: the same change is saved, and the status clears with it.
    db.pragma('max_page_count = 1073741823');
    await app.call('leave.create', { startDate: '2028-07-03', endDate: '2028-07-04', type: 'ANNUAL', notes: 'Trip' });
    expect(await app.call('sync.status')).toMatchObject({ storageProblem: null, pending: saved + 1 });
  } finally {
    app.dispose();
  }
});

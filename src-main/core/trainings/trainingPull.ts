import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { pullPages, storeRecords, removeUnseen } from '../sync/pull/pages';

export async function pullTrainings(ctx: PullContext, run: PullRun) {
  const seen = await pullPages(ctx, run, {
    key: 'trainings',
    path: 'api/trainings',
    params: { sortBy: 'createdAt' },
    store: (items) => storeRecords(ctx, 'trainings', items),
  });
  removeUnseen(ctx, 'trainings', seen);
}

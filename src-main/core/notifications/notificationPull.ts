import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { pullPages, storeRecords, removeUnseen } from '../sync/pull/pages';

export async function pullNotifications(ctx: PullContext, run: PullRun) {
  const seen = await pullPages(ctx, run, {
    key: 'notifications',
    path: 'api/notifications',
    paging: { page: 'page', size: 'limit' },
    store: (items) => storeRecords(ctx, 'notifications', items),
  });
  removeUnseen(ctx, 'notifications', seen);
}

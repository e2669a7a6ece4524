import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { pullPages, storeRecords, removeUnseen } from '../sync/pull/pages';

export async function pullLeave(ctx: PullContext, run: PullRun) {
  const me = ctx.actor.userId;
  const own = await pullPages(ctx, run, {
    key: 'leave-own',
    path: 'api/leave',
    params: { userId: me },
    store: (items) => storeRecords(ctx, 'leave', items),
  });
  removeUnseen(ctx, 'leave', own, { of: me });
  if (ctx.role === 'USER') return;
  const team = await pullPages(ctx, run, {
    key: 'leave-team',
    path: 'api/leave/team',
    params: { sortBy: 'createdAt' },
    store: (items) => storeRecords(ctx, 'leave', items),
  });
  removeUnseen(ctx, 'leave', new Set([...team, ...own]), { notOf: me });
}

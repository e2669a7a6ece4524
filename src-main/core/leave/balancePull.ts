import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, optional, pullPages, removeUnseen, storeRecords } from '../sync/pull/pages';

/**
 * The leave policy and the allowance adjustments in the account's scope (ext): what balances are
 * computed from offline. A service without them leaves the defaults and no adjustments.
 */
export async function pullBalances(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const policy = await optional(conditionalGet(ctx, run, 'leave-policy', 'api/leave/policy'));
  if (policy) {
    db.transaction(() => {
      storeRecords(ctx, 'leave_policy', [policy.body]);
      policy.remember();
    })();
  }
  const seen = await optional(
    pullPages(ctx, run, {
      key: 'allocations',
      path: 'api/leave/allocations',
      store: (items) => storeRecords(ctx, 'allocations', items),
    }),
  );
  if (seen) removeUnseen(ctx, 'allocations', seen);
}

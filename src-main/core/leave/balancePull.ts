import { allocationSchema, leavePolicySchema } from '@shared/wire';
import { POLICY_ID } from '../cache/entities';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, optional, pullPages, removeUnseen, storeRecords } from '../sync/pull/pages';

/** The policy as the cache keeps it: its one row. */
export const storedPolicySchema = leavePolicySchema.transform((p) => ({ ...p, id: POLICY_ID }));

/**
 * The leave policy and the allowance adjustments in the account's scope (ext): what balances are
 * computed from offline. A service without them leaves the defaults and no adjustments.
 */
export async function pullBalances(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const policy = await optional(conditionalGet(ctx, run, 'leave-policy', 'api/leave/policy'));
  if (policy) {
    db.transaction(() => {
      storeRecords(ctx, 'leave_policy', storedPolicySchema, [policy.body]);
      policy.remember();
    })();
  }
  const seen = await optional(
    pullPages(ctx, run, {
      key: 'allocations',
      path: 'api/leave/allocations',
      store: (items) => storeRecords(ctx, 'allocations', allocationSchema, items),
    }),
  );
  if (seen) removeUnseen(ctx, 'allocations', seen);
}

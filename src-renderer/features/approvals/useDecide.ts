import { useCallback } from 'react';
import type { Leave, LeaveDecision } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';
import { queuedWords } from '@renderer/state/queuedWords';

/** Why some were not decided, in words, and which those are. */
export interface Undecided {
  message: string;
  left: Leave[];
}

/**
 * Decides requests in one call, each its own change (each goes out once, offline too); answers
 * the words for those refused and which they are, or null when all were decided.
 */
export function useDecide(describe: (l: Leave) => string) {
  const bridge = useBridge();
  return useCallback(
    async (decision: LeaveDecision, requests: readonly Leave[], comment: string): Promise<Undecided | null> => {
      let refused: { id: string; message: string }[];
      try {
        ({ refused } = await bridge.call('leave.decideMany', {
          ids: requests.map((l) => l.id),
          status: decision,
          ...(comment ? { comment } : {}),
        }));
      } catch (error) {
        return { message: messageOf(error), left: [...requests] };
      }
      const decided = requests.length - refused.length;
      const verb = decision === 'APPROVED' ? 'Approved' : 'Rejected';
      if (refused.length > 0) {
        const named = refused.map((r) => {
          const l = requests.find((x) => x.id === r.id);
          return l ? `${describe(l)}: ${r.message}` : r.message;
        });
        return {
          message: `${decided} of ${requests.length} decided. Not decided: ${named.join('; ')}`,
          left: requests.filter((l) => refused.some((r) => r.id === l.id)),
        };
      }
      const what = requests.length === 1 ? describe(requests[0]!) : `${requests.length} requests`;
      toast(queuedWords({ online: `${verb} ${what}`, offline: `${verb} ${what}: the decision is saved` }));
      return null;
    },
    [bridge, describe],
  );
}

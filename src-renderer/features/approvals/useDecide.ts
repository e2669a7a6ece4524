import { useCallback } from 'react';
import type { Leave, LeaveDecision } from '../../../src-shared/wire';
import { messageOf } from '../../bridge/bridge';
import { toast } from '../../components/ui';
import { useBridge } from '../../state/bridgeContext';

/**
 * Decides requests, each its own change (each goes out once, offline too); answers the first
 * failure's words, or null when all were decided.
 */
export function useDecide(describe: (l: Leave) => string) {
  const bridge = useBridge();
  return useCallback(
    async (decision: LeaveDecision, requests: readonly Leave[], comment: string): Promise<string | null> => {
      let done = 0;
      for (const l of requests) {
        try {
          await bridge.call('leave.setStatus', { id: l.id, status: decision, ...(comment ? { comment } : {}) });
          done += 1;
        } catch (error) {
          return `${done} of ${requests.length} decided. ${describe(l)}: ${messageOf(error)}`;
        }
      }
      const what = requests.length === 1 ? describe(requests[0]!) : `${requests.length} requests`;
      toast(`${decision === 'APPROVED' ? 'Approved' : 'Rejected'} ${what} — will sync`);
      return null;
    },
    [bridge, describe],
  );
}

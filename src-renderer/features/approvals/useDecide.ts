import { useCallback } from 'react';
import type { Leave, LeaveDecision } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';
import { queuedWords } from '@renderer/state/queuedWords';
import { defineMessage, useIntl } from 'react-intl';
import { REQUESTS } from './approvalsWords';

const MESSAGES = {
  refusedOne: defineMessage<{ what: string; reason: string }>({
    id: 'approvals.decide.refusedOne',
    defaultMessage: '{what}: {reason}',
  }),
  someLeft: defineMessage<{ decided: number; total: number; refused: string }>({
    id: 'approvals.decide.someLeft',
    defaultMessage: '{decided, number, ::group-off} of {total, number, ::group-off} decided. Not decided: {refused}',
  }),
  done: defineMessage<{ decision: LeaveDecision; what: string }>({
    id: 'approvals.decide.done',
    defaultMessage: '{decision, select, APPROVED {Approved {what}} other {Rejected {what}}}',
  }),
  saved: defineMessage<{ decision: LeaveDecision; what: string }>({
    id: 'approvals.decide.saved',
    defaultMessage:
      '{decision, select, APPROVED {Approved {what}: the decision is saved} other {Rejected {what}: the decision is saved}}',
  }),
};

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
  const intl = useIntl();
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
      if (refused.length > 0) {
        const named = refused.map((r) => {
          const l = requests.find((x) => x.id === r.id);
          return l ? intl.formatMessage(MESSAGES.refusedOne, { what: describe(l), reason: r.message }) : r.message;
        });
        return {
          message: intl.formatMessage(MESSAGES.someLeft, {
            decided,
            total: requests.length,
            refused: named.join('; '),
          }),
          left: requests.filter((l) => refused.some((r) => r.id === l.id)),
        };
      }
      const what =
        requests.length === 1 ? describe(requests[0]!) : intl.formatMessage(REQUESTS, { count: requests.length });
      toast(
        queuedWords(
          {
            online: intl.formatMessage(MESSAGES.done, { decision, what }),
            offline: intl.formatMessage(MESSAGES.saved, { decision, what }),
          },
          intl,
        ),
      );
      return null;
    },
    [bridge, describe, intl],
  );
}

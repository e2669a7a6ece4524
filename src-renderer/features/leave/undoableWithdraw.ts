import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { messageOf } from '@renderer/bridge/bridge';
import { ACTION_SHOWN_MS, toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';

const MESSAGES = {
  failed: defineMessage<{ reason: string }>({
    id: 'leave.withdraw.failed',
    defaultMessage: 'The request could not be withdrawn: {reason}',
  }),
  withdrawn: defineMessage<{ what: string }>({ id: 'leave.withdraw.done', defaultMessage: 'Withdrawn: {what}' }),
  undo: defineMessage({ id: 'leave.withdraw.undo', defaultMessage: 'Undo' }),
  kept: defineMessage<{ what: string }>({ id: 'leave.withdraw.kept', defaultMessage: 'Kept: {what}' }),
};

/**
 * Withdrawals held back for a few seconds so "Undo" can take them back before anything is queued
 * (online, a queued change reaches the service within a second). The request disappears at once;
 * it is withdrawn when the time is up, or at once if the view closes first.
 */
export function useUndoableWithdraw(
  /** Undo took a withdrawal back: the request is listed again. */
  onKept?: (id: string) => void,
): { held: ReadonlySet<string>; withdraw: (id: string, what: string) => void } {
  const bridge = useBridge();
  const intl = useIntl();
  const [held, setHeld] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const release = useCallback((id: string) => {
    timers.current.delete(id);
    setHeld((s) => new Set([...s].filter((x) => x !== id)));
  }, []);
  /** Sends the withdrawal; a refusal is told in a toast (the view may have closed by then). */
  const send = useCallback(
    (id: string) =>
      bridge.call('leave.delete', { id }).then(
        () => undefined,
        (error: unknown) => toast(intl.formatMessage(MESSAGES.failed, { reason: messageOf(error) })),
      ),
    [bridge, intl],
  );
  const carryOut = useCallback((id: string) => void send(id).then(() => release(id)), [send, release]);
  const withdraw = useCallback(
    (id: string, what: string) => {
      setHeld((s) => new Set([...s, id]));
      timers.current.set(
        id,
        setTimeout(() => carryOut(id), ACTION_SHOWN_MS),
      );
      toast(intl.formatMessage(MESSAGES.withdrawn, { what }), {
        label: intl.formatMessage(MESSAGES.undo),
        run: () => {
          clearTimeout(timers.current.get(id));
          release(id);
          toast(intl.formatMessage(MESSAGES.kept, { what }));
          onKept?.(id);
        },
      });
    },
    [carryOut, release, onKept, intl],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const [id, timer] of pending) {
        clearTimeout(timer);
        void send(id);
      }
    };
  }, [send]);
  return { held, withdraw };
}

import type { ReactNode } from 'react';
import type { Leave } from '@shared/wire';
import { FocusedRecord } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { LeaveStatusMark } from './LeaveStatusMark';
import { span, typeName } from './leaveWords';

/**
 * The request a notification led to, at the top of the view: it takes focus and is the current
 * item (aria-current) until one navigates on. `actions` adds what may be done with it there.
 */
export function FocusedLeave({
  id,
  who,
  actions,
}: {
  id: string;
  /** Whose request, when it is not one's own. */
  who?: (leave: Leave) => string;
  actions?: (leave: Leave) => ReactNode;
}) {
  const leave = useAppQuery('leave.get', { id });
  const { waiting } = useWaitingIds();
  if (!leave.data) return null;
  const l = leave.data;
  const what = `${who ? `${who(l)}, ` : ''}${typeName(l.type)} leave, ${span(l)}`;
  return (
    <FocusedRecord label={`From your notification: ${what}`} shown={l.id}>
      <h2>{what}</h2>
      <p>
        {l.days} working day{l.days === 1 ? '' : 's'} · <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
        {l.reviewComment && <span className="leave-review-comment">“{l.reviewComment}”</span>}
      </p>
      {l.notes && <p className="long-text">{l.notes}</p>}
      {actions?.(l)}
    </FocusedRecord>
  );
}

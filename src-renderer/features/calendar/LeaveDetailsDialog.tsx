import { useState } from 'react';
import { daysWord } from '@shared/rules';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import type { ChartLeave } from '@shared/appApi';
import type { LeaveDecision } from '@shared/wire';
import { Button, Dialog } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { DecisionDialog, useDecide } from '@renderer/features/approvals';
import { span, STATUS_NAMES } from '@renderer/features/leave';
import type { ChartPerson } from './chartModel';

/**
 * One leave from the chart: its dates, type, status and what was written. A pending request the
 * account may decide (one it holds in full that is not its own) can be approved or rejected here.
 */
export function LeaveDetailsDialog({
  leave,
  person,
  onClose,
}: {
  leave: ChartLeave;
  person: ChartPerson;
  onClose: () => void;
}) {
  const me = useAppStore((s) => s.account?.userId);
  const full = useAppQuery('leave.get', { id: leave.id });
  // The whole request where the account holds it (its own, its team's); else what the chart shows.
  const shown = full.data ?? { ...leave, notes: null, reviewComment: null };
  const describe = () => `${person.name}, ${span(shown)}`;
  const decide = useDecide(describe);
  const [deciding, setDeciding] = useState<LeaveDecision | null>(null);
  const request = full.data;
  // What the requester has left of this type, for whoever sees their balance (their manager, an admin).
  const around = useAppQuery('leave.balanceAround', { ids: [leave.id] }).data?.[leave.id];
  return (
    <Dialog title={`${LEAVE_TYPE_NAMES[shown.type]} · ${person.name}`} onClose={onClose} size="small">
      <dl className="details">
        <dt>Dates</dt>
        <dd>{span(shown)}</dd>
        <dt>Working days</dt>
        <dd>{shown.days}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge leave-status-${shown.status.toLowerCase()}`}>{STATUS_NAMES[shown.status]}</span>
        </dd>
        {around && (
          <>
            <dt>{LEAVE_TYPE_NAMES[shown.type]} left</dt>
            <dd>
              {daysWord(around.after)} ({daysWord(around.before)} without this request)
            </dd>
          </>
        )}
        {shown.notes && (
          <>
            <dt>Notes</dt>
            <dd>{shown.notes}</dd>
          </>
        )}
        {shown.reviewComment && (
          <>
            <dt>What the reviewer wrote</dt>
            <dd>{shown.reviewComment}</dd>
          </>
        )}
      </dl>
      <div className="actions">
        {request && request.status === 'PENDING' && request.userId !== me && (
          <>
            <Button variant="primary" onPress={() => setDeciding('APPROVED')}>
              Approve
            </Button>
            <Button onPress={() => setDeciding('REJECTED')}>Reject</Button>
          </>
        )}
        <Button onPress={onClose}>Close</Button>
      </div>
      {deciding && (
        <DecisionDialog
          decision={deciding}
          what={describe()}
          onDecide={async (comment) => {
            const failed = request ? await decide(deciding, [request], comment) : null;
            if (!failed) onClose();
            return failed?.message ?? null;
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </Dialog>
  );
}

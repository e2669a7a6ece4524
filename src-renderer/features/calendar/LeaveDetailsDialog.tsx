import { daysText } from '@renderer/features/leave';
import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';

import { LEAVE_TYPE_NAME } from '@shared/i18n/sharedMessages';
import type { ChartLeave } from '@shared/appApi';
import type { LeaveDecision, LeaveStatus } from '@shared/wire';
import { Button, Dialog } from '@renderer/components/ui';
import { numberText } from '@renderer/i18n/dates';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { DecisionDialog, useDecide } from '@renderer/features/approvals';
import { span } from '@renderer/features/leave';
import type { ChartPerson } from './chartModel';

const MESSAGES = {
  title: defineMessage<{ leaveType: string; person: string }>({
    id: 'calendar.details.title',
    defaultMessage: '{leaveType} · {person}',
  }),
  status: defineMessage<{ status: LeaveStatus }>({
    id: 'calendar.details.statusName',
    defaultMessage: '{status, select, PENDING {Pending} APPROVED {Approved} REJECTED {Rejected} other {{status}}}',
  }),
  left: defineMessage<{ leaveType: string }>({ id: 'calendar.details.left', defaultMessage: '{leaveType} left' }),
};

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
  const intl = useIntl();
  const me = useAppStore((s) => s.account?.userId);
  const full = useAppQuery('leave.get', { id: leave.id });
  // The whole request where the account holds it (its own, its team's); else what the chart shows.
  const shown = full.data ?? { ...leave, notes: null, reviewComment: null };
  const describe = () => `${person.name}, ${span(intl, shown)}`;
  const decide = useDecide(describe);
  const [deciding, setDeciding] = useState<LeaveDecision | null>(null);
  const request = full.data;
  // What the requester has left of this type, for whoever sees their balance (their manager, an admin).
  const around = useAppQuery('leave.balanceAround', { ids: [leave.id] }).data?.[leave.id];
  const leaveType = intl.formatMessage(LEAVE_TYPE_NAME, { type: shown.type });
  return (
    <Dialog
      title={intl.formatMessage(MESSAGES.title, { leaveType, person: person.name })}
      onClose={onClose}
      size="small"
    >
      <dl className="details">
        <dt>
          <FormattedMessage id="calendar.details.dates" defaultMessage="Dates" />
        </dt>
        <dd>{span(intl, shown)}</dd>
        <dt>
          <FormattedMessage id="calendar.details.workingDays" defaultMessage="Working days" />
        </dt>
        <dd>{numberText(intl, shown.days)}</dd>
        <dt>
          <FormattedMessage id="calendar.details.status" defaultMessage="Status" />
        </dt>
        <dd>
          <span className={`badge leave-status-${shown.status.toLowerCase()}`}>
            {intl.formatMessage(MESSAGES.status, { status: shown.status })}
          </span>
        </dd>
        {around && (
          <>
            <dt>{intl.formatMessage(MESSAGES.left, { leaveType })}</dt>
            <dd>
              <FormattedMessage
                id="calendar.details.balance"
                defaultMessage="{after} ({before} without this request)"
                values={{ after: daysText(intl, around.after), before: daysText(intl, around.before) }}
              />
            </dd>
          </>
        )}
        {shown.notes && (
          <>
            <dt>
              <FormattedMessage id="calendar.details.notes" defaultMessage="Notes" />
            </dt>
            <dd>{shown.notes}</dd>
          </>
        )}
        {shown.reviewComment && (
          <>
            <dt>
              <FormattedMessage id="calendar.details.reviewComment" defaultMessage="What the reviewer wrote" />
            </dt>
            <dd>{shown.reviewComment}</dd>
          </>
        )}
      </dl>
      <div className="actions">
        {request && request.status === 'PENDING' && request.userId !== me && (
          <>
            <Button variant="primary" onPress={() => setDeciding('APPROVED')}>
              <FormattedMessage id="calendar.details.approve" defaultMessage="Approve" />
            </Button>
            <Button onPress={() => setDeciding('REJECTED')}>
              <FormattedMessage id="calendar.details.reject" defaultMessage="Reject" />
            </Button>
          </>
        )}
        <Button onPress={onClose}>
          <FormattedMessage id="calendar.details.close" defaultMessage="Close" />
        </Button>
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

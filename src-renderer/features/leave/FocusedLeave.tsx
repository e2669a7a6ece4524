import type { ReactNode } from 'react';
import type { Leave } from '@shared/wire';
import { FocusedRecord } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { LeaveStatusMark } from './LeaveStatusMark';
import { defineMessage, useIntl } from 'react-intl';
import { SEPARATOR } from '@renderer/i18n/punctuation';
import { kindName, requestWhat, REVIEW_COMMENT, span, WORKING_DAYS } from './leaveWords';

const MESSAGES = {
  theirs: defineMessage<{ person: string; leave: string; dates: string }>({
    id: 'leave.focused.theirs',
    defaultMessage: '{person}, {leave}, {dates}',
  }),
  label: defineMessage<{ what: string }>({
    id: 'leave.focused.label',
    defaultMessage: 'From your notification: {what}',
  }),
};

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
  const intl = useIntl();
  const leave = useAppQuery('leave.get', { id });
  const { waiting } = useWaitingIds();
  if (!leave.data) return null;
  const l = leave.data;
  const what = who
    ? intl.formatMessage(MESSAGES.theirs, { person: who(l), leave: kindName(intl, l.type), dates: span(intl, l) })
    : requestWhat(intl, l);
  return (
    <FocusedRecord label={intl.formatMessage(MESSAGES.label, { what })} shown={l.id}>
      <h2>{what}</h2>
      <p>
        {intl.formatMessage(WORKING_DAYS, { count: l.days })}
        {SEPARATOR}
        <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
        {l.reviewComment && (
          <span className="leave-review-comment">
            {intl.formatMessage(REVIEW_COMMENT, { comment: l.reviewComment })}
          </span>
        )}
      </p>
      {l.notes && <p className="long-text">{l.notes}</p>}
      {actions?.(l)}
    </FocusedRecord>
  );
}

import type { Leave } from '@shared/wire';
import { WaitingMark } from '@renderer/components/ui';
import { useIntl } from 'react-intl';
import { SPACE } from '@renderer/i18n/punctuation';
import { statusName } from './leaveWords';
import './leave.css';

/** A request's status in words and colour, marked while a change to it waits to be sent. */
export function LeaveStatusMark({ leave, waiting }: { leave: Leave; waiting: boolean }) {
  const intl = useIntl();
  return (
    <>
      <span className={`badge leave-status-${leave.status.toLowerCase()}`}>{statusName(intl, leave.status)}</span>
      {SPACE}
      {waiting && <WaitingMark />}
    </>
  );
}

import type { Leave } from '@shared/wire';
import { WaitingMark } from '@renderer/components/ui';
import { STATUS_NAMES } from './leaveWords';
import './leave.css';

/** A request's status in words and colour, marked while a change to it waits to be sent. */
export function LeaveStatusMark({ leave, waiting }: { leave: Leave; waiting: boolean }) {
  return (
    <>
      <span className={`badge leave-status-${leave.status.toLowerCase()}`}>{STATUS_NAMES[leave.status]}</span>{' '}
      {waiting && <WaitingMark />}
    </>
  );
}

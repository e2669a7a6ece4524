import type { LeaveStatus, LeaveType } from '@shared/wire';

export const LEAVE_TYPES: { id: LeaveType; name: string }[] = [
  { id: 'ANNUAL', name: 'Annual' },
  { id: 'SICK', name: 'Sick' },
  { id: 'UNPAID', name: 'Unpaid' },
  { id: 'MATERNITY', name: 'Maternity' },
  { id: 'PATERNITY', name: 'Paternity' },
  { id: 'BEREAVEMENT', name: 'Bereavement' },
  { id: 'OTHER', name: 'Other' },
];
export const typeName = (t: LeaveType) => LEAVE_TYPES.find((x) => x.id === t)?.name ?? t;
export const STATUS_NAMES: Record<LeaveStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const span = (start: string, end: string) =>
  start.slice(0, 10) === end.slice(0, 10) ? start.slice(0, 10) : `${start.slice(0, 10)} to ${end.slice(0, 10)}`;

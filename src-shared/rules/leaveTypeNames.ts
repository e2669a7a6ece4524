import type { LeaveType } from '../wire/enums';

/** Each leave type as a sentence names it: "Annual leave", … ("Leave" for OTHER). */
export const LEAVE_TYPE_NAMES: Record<LeaveType, string> = {
  ANNUAL: 'Annual leave',
  SICK: 'Sick leave',
  UNPAID: 'Unpaid leave',
  MATERNITY: 'Maternity leave',
  PATERNITY: 'Paternity leave',
  BEREAVEMENT: 'Bereavement leave',
  OTHER: 'Leave',
};

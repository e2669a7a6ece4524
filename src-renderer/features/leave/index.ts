// What the rest of the renderer may use of the leave feature.
export { LeaveView } from './LeaveView';
export { FocusedLeave } from './FocusedLeave';
export { LeaveStatusMark } from './LeaveStatusMark';
export {
  daysNumber,
  daysText,
  kindName,
  LEAVE_LABELS,
  LEAVE_STATUS,
  LEAVE_TYPE_IDS,
  LEAVE_TYPE_SHORT,
  LEAVE_TYPES,
  leaveTypeItems,
  REVIEW_COMMENT,
  span,
  statusName,
  typeName,
  WORKING_DAYS,
} from './leaveWords';

// What the rest of the renderer may use of the leave feature.
export { LeaveView } from './LeaveView';
export { FocusedLeave } from './FocusedLeave';
export { LeaveStatusMark } from './LeaveStatusMark';
export { LEAVE_TYPES, STATUS_NAMES, span, typeName } from './leaveWords';

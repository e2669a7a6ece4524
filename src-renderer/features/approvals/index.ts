// What the rest of the renderer may use of the approvals feature.
export { ApprovalsView } from './ApprovalsView';
export { DecisionDialog } from './DecisionDialog';
export { useDecide } from './useDecide';

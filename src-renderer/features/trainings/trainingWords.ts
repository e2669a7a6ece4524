import type { ExpiryState } from '@shared/records/trainingExpiry';
import type { TrainingAction } from '@shared/rules';
import type { TrainingOutcome, TrainingStatus } from '@shared/wire';

export const EXPIRY_TEXT: Record<ExpiryState, string> = {
  none: 'No expiry',
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
};

/** The Expiry filter's choices: what each state means for a certificate. */
export const EXPIRY_FILTER: Record<ExpiryState, string> = {
  valid: 'Valid',
  expiring: 'Expiring within 90 days',
  expired: 'Expired',
  none: 'No expiry',
};

export const STATUS_TEXT: Record<TrainingStatus, string> = {
  PLANNED: 'Planned',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const OUTCOME_TEXT: Record<TrainingOutcome, string> = {
  PENDING: 'Pending',
  PASSED: 'Passed',
  FAILED: 'Failed',
  NOT_APPLICABLE: 'Not applicable',
};

/** Each action on a training: its word after "Mark as". */
export const ACTION_WORDS: Record<TrainingAction, string> = {
  start: 'In progress',
  passed: 'Passed',
  failed: 'Failed',
  complete: 'Completed, not assessed',
  cancel: 'Cancelled',
  reinstate: 'Planned again',
};

export const choices = (texts: Record<string, string>, any = 'Any') => [
  { id: 'any', name: any },
  ...Object.entries(texts).map(([id, name]) => ({ id, name })),
];

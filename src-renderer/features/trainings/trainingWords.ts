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

/** Each action on a training: its word after "Mark as", and its accessible name with the training's. */
export const ACTION_WORDS: Record<TrainingAction, { label: string; name: (training: string) => string }> = {
  start: { label: 'In progress', name: (t) => `Mark ${t} in progress` },
  passed: { label: 'Passed', name: (t) => `Mark ${t} completed and passed` },
  failed: { label: 'Failed', name: (t) => `Mark ${t} completed and failed` },
  complete: { label: 'Completed, not assessed', name: (t) => `Mark ${t} completed without an outcome` },
  cancel: { label: 'Cancelled', name: (t) => `Mark ${t} cancelled` },
  reinstate: { label: 'Planned again', name: (t) => `Mark ${t} planned again` },
};

export const choices = (texts: Record<string, string>, any = 'Any') => [
  { id: 'any', name: any },
  ...Object.entries(texts).map(([id, name]) => ({ id, name })),
];

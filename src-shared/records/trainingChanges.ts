import { toInstant } from '../calendar/dates';
import type { Training, TrainingUpdate } from '../wire';
import { givenFields } from './givenFields';

/**
 * A training with an update applied (PUT's partial fields, dates as instants). The service
 * stores it; the app shows it while the update waits in the outbox. The version is the caller's.
 */
export function withTrainingChanges(training: Training, changes: TrainingUpdate, at: string): Training {
  return {
    ...training,
    ...givenFields({
      ...changes,
      startDate: changes.startDate && toInstant(changes.startDate),
      endDate: changes.endDate === undefined ? undefined : toInstant(changes.endDate),
      expiryDate: changes.expiryDate === undefined ? undefined : toInstant(changes.expiryDate),
    }),
    updatedAt: at,
  };
}

import { defineMessage, type IntlShape } from 'react-intl';
import type { ExpiryState } from '@shared/records/trainingExpiry';
import type { TrainingAction } from '@shared/rules';
import type { TrainingOutcome, TrainingStatus } from '@shared/wire';
import { dateRangeText, dateText } from '@renderer/i18n/dates';

/** A certificate's state, as its badge says it. */
export const EXPIRY_TEXT = defineMessage<{ state: ExpiryState }>({
  id: 'trainings.expiry',
  defaultMessage: '{state, select, none {No expiry} valid {Valid} expiring {Expiring soon} other {Expired}}',
});

/** The Expiry filter's choices: what each state means for a certificate. */
export const EXPIRY_FILTER = defineMessage<{ state: ExpiryState }>({
  id: 'trainings.filter.expiry.choice',
  defaultMessage: '{state, select, valid {Valid} expiring {Expiring within 90 days} none {No expiry} other {Expired}}',
});
export const EXPIRY_STATES: readonly ExpiryState[] = ['valid', 'expiring', 'expired', 'none'];

export const STATUS_TEXT = defineMessage<{ status: TrainingStatus }>({
  id: 'trainings.status',
  defaultMessage:
    '{status, select, PLANNED {Planned} IN_PROGRESS {In progress} COMPLETED {Completed} other {Cancelled}}',
});
export const STATUSES: readonly TrainingStatus[] = ['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'];

export const OUTCOME_TEXT = defineMessage<{ outcome: TrainingOutcome }>({
  id: 'trainings.outcome',
  defaultMessage: '{outcome, select, PENDING {Pending} PASSED {Passed} FAILED {Failed} other {Not applicable}}',
});
export const OUTCOMES: readonly TrainingOutcome[] = ['PENDING', 'PASSED', 'FAILED', 'NOT_APPLICABLE'];

/** An outcome after the status it follows ("Completed · passed"). */
const OUTCOME_AFTER_STATUS = defineMessage<{ outcome: TrainingOutcome }>({
  id: 'trainings.outcome.afterStatus',
  defaultMessage: '{outcome, select, PENDING {pending} PASSED {passed} FAILED {failed} other {not applicable}}',
});

/** Each action on a training, as its menu item says it. */
export const ACTION_TEXT = defineMessage<{ action: TrainingAction }>({
  id: 'trainings.action.markAs',
  defaultMessage:
    '{action, select, start {Mark as in progress} passed {Mark as passed} failed {Mark as failed} complete {Mark as completed, not assessed} cancel {Mark as cancelled} other {Mark as planned again}}',
});

/**
 * Where a training stands: its status, and its outcome once there is one, after `separator`
 * ("Completed · passed").
 */
export function statusWords(
  intl: IntlShape,
  t: { status: TrainingStatus; outcome: TrainingOutcome },
  separator: string,
): string {
  const status = intl.formatMessage(STATUS_TEXT, { status: t.status });
  return t.outcome === 'PENDING'
    ? status
    : status + separator + intl.formatMessage(OUTCOME_AFTER_STATUS, { outcome: t.outcome });
}

const ANY = defineMessage({ id: 'trainings.filter.any', defaultMessage: 'Any' });

/** "Any", the first choice of a filter (chosen, it filters nothing). */
export const anyChoice = (intl: IntlShape) => ({ id: 'any', name: intl.formatMessage(ANY) });

/** A filter's choices: "Any", then each value by its name. */
export function choices<V extends string>(
  intl: IntlShape,
  values: readonly V[],
  name: (value: V) => string,
): { id: string; name: string }[] {
  return [anyChoice(intl), ...values.map((id) => ({ id, name: name(id) }))];
}

/** A training's dates as the locale writes them: its start, and its end when that is another day ("25–27 Jan 2027"). */
export function datesWords(intl: IntlShape, t: { startDate: string; endDate: string | null }): string {
  const start = t.startDate.slice(0, 10);
  const end = t.endDate?.slice(0, 10);
  return end && end !== start ? dateRangeText(intl, start, end) : dateText(intl, start);
}

/** A person's training record, as its heading and the links to it name it. */
export const RECORD_OF = defineMessage<{ name: string }>({
  id: 'trainings.record.title',
  defaultMessage: '{name}’s training record',
});

/** The list of every training (the view's first tab, and the way back to it from a person's record). */
export const ALL_TRAININGS = defineMessage({ id: 'trainings.all', defaultMessage: 'All trainings' });

import type { ReactNode } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { ListedTraining } from '@shared/appApi';
import { expiryState } from '@shared/records/trainingExpiry';
import { Empty, FocusedRecord, WaitingMark } from '@renderer/components/ui';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import { DateText } from '@renderer/i18n/DateText';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { datesWords, EXPIRY_TEXT, RECORD_OF, statusWords } from './trainingWords';

const WITH_PERSON = defineMessage<{ name: string; person: string }>({
  id: 'trainings.focused.withPerson',
  defaultMessage: '{name}, {person}',
});
const FROM_NOTIFICATION = defineMessage<{ what: string }>({
  id: 'trainings.focused.label',
  defaultMessage: 'From your notification: {what}',
});

/**
 * The training a notification led to, at the top of the list whatever its filters and page, as a
 * leave request is. `actions` adds what may be done with it there.
 */
export function FocusedTraining({
  id,
  shownAt,
  actions,
}: {
  id: string;
  /** The moment expiry is judged at, as the list judges it. */
  shownAt: number;
  actions: (training: ListedTraining) => ReactNode;
}) {
  const intl = useIntl();
  const training = useAppQuery('trainings.get', { id });
  const names = useAppQuery('users.names', undefined).data;
  const { waiting } = useWaitingIds();
  if (!training.data) {
    return training.loading ? null : (
      <Empty>
        <FormattedMessage
          id="trainings.focused.gone"
          defaultMessage="The training this link is about is no longer on record."
        />
      </Empty>
    );
  }
  const t = training.data;
  const person = names?.[t.userId];
  const listed: ListedTraining = { ...t, person: person ? { name: person, department: null } : null };
  const state = expiryState(t, shownAt);
  const what = person ? intl.formatMessage(WITH_PERSON, { name: t.name, person }) : t.name;
  return (
    <FocusedRecord label={intl.formatMessage(FROM_NOTIFICATION, { what })} shown={t.id}>
      <h2>{what}</h2>
      <p>
        {datesWords(intl, t)}
        {SEPARATOR}
        {statusWords(intl, t, SEPARATOR)}
        {waiting.has(t.id) && (
          <>
            {SPACE}
            <WaitingMark />
          </>
        )}
      </p>
      <p>
        <span className={`badge trainings-expiry-${state}`}>
          {t.expiryDate && (
            <>
              <DateText date={t.expiryDate} />
              {SEPARATOR}
            </>
          )}
          {intl.formatMessage(EXPIRY_TEXT, { state })}
        </span>
      </p>
      {t.notes && <p className="long-text">{t.notes}</p>}
      <div className="trainings-focused-actions">
        {actions(listed)}
        {person && (
          <a href={href('trainings', { person: t.userId })}>{intl.formatMessage(RECORD_OF, { name: person })}</a>
        )}
      </div>
    </FocusedRecord>
  );
}

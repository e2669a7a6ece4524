import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { utcToday } from '@shared/calendar/dates';
import type { User } from '@shared/wire';
import { DatePicker, Dialog, FormFooter, toast } from '@renderer/components/ui';
import { dateText } from '@renderer/i18n/dates';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { PersonPicker } from './PersonPicker';
import { fullNameOf } from './personWords';

const MESSAGES = {
  title: defineMessage<{ name: string }>({ id: 'people.end.title', defaultMessage: 'End {name}’s employment' }),
  done: defineMessage<{ name: string; date: string }>({
    id: 'people.end.done',
    defaultMessage: '{name} leaves after {date}',
  }),
  doneOffline: defineMessage<{ name: string }>({
    id: 'people.end.doneOffline',
    defaultMessage: '{name}’s last day saved',
  }),
  lastDay: defineMessage({ id: 'people.end.lastDay', defaultMessage: 'Last working day' }),
  successor: defineMessage<{ count: number }>({
    id: 'people.end.successor',
    defaultMessage: '{count, plural, one {New manager of their report} other {New manager of their # reports}}',
  }),
  successorHint: defineMessage({
    id: 'people.end.successorHint',
    defaultMessage: 'Requests waiting for their decision move there too',
  }),
  submit: defineMessage({ id: 'people.end.submit', defaultMessage: 'End employment' }),
};

/**
 * "End employment": the last working day, and who takes over the person's reports (and the
 * requests waiting for their decision). Nothing of theirs is deleted; "Bring back" undoes it.
 */
export function EndEmploymentDialog({
  person,
  reports,
  onClose,
}: {
  person: User;
  reports: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [endDate, setEndDate] = useState(utcToday(new Date()));
  const [successor, setSuccessor] = useState('');
  const end = useAppAction('users.update');
  const name = fullNameOf(person);
  const errors = end.fieldErrors;
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title, { name })} onClose={onClose} size="small">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void end
            .run({
              id: person.id,
              changes: { endDate, ...(successor ? { reassignReportsTo: successor } : {}) },
            })
            .then((done) => {
              if (!done) return;
              toast(
                queuedWords(
                  {
                    online: intl.formatMessage(MESSAGES.done, { name, date: dateText(intl, endDate) }),
                    offline: intl.formatMessage(MESSAGES.doneOffline, { name }),
                  },
                  intl,
                ),
              );
              onClose();
            });
        }}
      >
        <p className="wide">
          <FormattedMessage
            id="people.end.explain"
            defaultMessage="From the day after their last working day {name} cannot sign in. Their leave, trainings and answers stay."
            values={{ name }}
          />
        </p>
        <DatePicker
          label={intl.formatMessage(MESSAGES.lastDay)}
          isRequired
          value={endDate}
          onChange={setEndDate}
          error={errors.endDate}
          className="wide"
        />
        {reports > 0 && (
          <PersonPicker
            label={intl.formatMessage(MESSAGES.successor, { count: reports })}
            value={successor}
            except={person.id}
            onChange={setSuccessor}
            error={errors.reassignReportsTo}
            description={intl.formatMessage(MESSAGES.successorHint)}
            className="wide"
          />
        )}
        <FormFooter
          error={end.error}
          submitLabel={intl.formatMessage(MESSAGES.submit)}
          pending={end.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

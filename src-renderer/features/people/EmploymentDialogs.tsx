import { useState } from 'react';
import { utcToday } from '@shared/calendar/dates';
import type { User } from '@shared/wire';
import { DatePicker, Dialog, FormFooter, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { PersonPicker } from './PersonPicker';
import { fullNameOf } from './personWords';

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
  const [endDate, setEndDate] = useState(utcToday(new Date()));
  const [successor, setSuccessor] = useState('');
  const end = useAppAction('users.update');
  const name = fullNameOf(person);
  const errors = end.fieldErrors;
  return (
    <Dialog title={`End ${name}’s employment`} onClose={onClose} size="small">
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
              toast(queuedWords({ online: `${name} leaves after ${endDate}`, offline: `${name}’s last day saved` }));
              onClose();
            });
        }}
      >
        <p className="wide">
          From the day after their last working day {name} cannot sign in. Their leave, trainings and answers stay.
        </p>
        <DatePicker
          label="Last working day"
          isRequired
          value={endDate}
          onChange={setEndDate}
          error={errors.endDate}
          className="wide"
        />
        {reports > 0 && (
          <PersonPicker
            label={`New manager of ${reports === 1 ? 'their report' : `their ${reports} reports`}`}
            value={successor}
            except={person.id}
            onChange={setSuccessor}
            error={errors.reassignReportsTo}
            description="Requests waiting for their decision move there too"
            className="wide"
          />
        )}
        <FormFooter error={end.error} submitLabel="End employment" pending={end.pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { ListedTraining } from '@shared/appApi';
import { Button, Dialog, ErrorNote, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';

// `whose` is 'known' when the person the training is of is known here; else the words name no one.
const MESSAGES = {
  title: defineMessage({ id: 'trainings.delete.title', defaultMessage: 'Delete this training?' }),
  deleted: defineMessage<{ name: string; person: string; whose: string }>({
    id: 'trainings.delete.done',
    defaultMessage: '{whose, select, known {Deleted: {name} of {person}} other {Deleted: {name}}}',
  }),
  saved: defineMessage<{ name: string; person: string; whose: string }>({
    id: 'trainings.delete.saved',
    defaultMessage: '{whose, select, known {Deletion of {name} of {person} saved} other {Deletion of {name} saved}}',
  }),
};

/** Asks before a training goes, naming it and whose it is; offline it goes at the next sync. */
export function DeleteTrainingDialog({ training, onClose }: { training: ListedTraining; onClose: () => void }) {
  const intl = useIntl();
  const remove = useAppAction('trainings.delete');
  const values = {
    name: training.name,
    person: training.person?.name ?? '',
    whose: training.person ? 'known' : 'unknown',
  };
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="small">
      <p>
        <FormattedMessage
          id="trainings.delete.question"
          defaultMessage="{whose, select, known {“{name}” of {person} will be deleted, on this computer at once and on the service with the next sync. It cannot be undone.} other {“{name}” will be deleted, on this computer at once and on the service with the next sync. It cannot be undone.}}"
          values={{ name: values.name, person: values.person, whose: values.whose }}
        />
      </p>
      {remove.error && <ErrorNote message={remove.error} />}
      <div className="actions">
        <Button
          variant="danger"
          isPending={remove.pending}
          onPress={() =>
            void remove.run({ id: training.id }).then((done) => {
              if (done === undefined) return;
              toast(
                queuedWords(
                  {
                    online: intl.formatMessage(MESSAGES.deleted, values),
                    offline: intl.formatMessage(MESSAGES.saved, values),
                  },
                  intl,
                ),
              );
              onClose();
            })
          }
        >
          <FormattedMessage id="trainings.delete.confirm" defaultMessage="Delete" />
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="trainings.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Dialog>
  );
}

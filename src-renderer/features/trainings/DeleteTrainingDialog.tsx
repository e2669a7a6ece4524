import type { ListedTraining } from '@shared/appApi';
import { Button, Dialog, ErrorNote, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';

/** Asks before a training goes, naming it and whose it is; offline it goes at the next sync. */
export function DeleteTrainingDialog({ training, onClose }: { training: ListedTraining; onClose: () => void }) {
  const remove = useAppAction('trainings.delete');
  const whose = training.person ? ` of ${training.person.name}` : '';
  return (
    <Dialog title="Delete this training?" onClose={onClose} size="small">
      <p>
        “{training.name}”{whose} will be deleted, on this computer at once and on the service with the next sync. It
        cannot be undone.
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
                queuedWords({
                  online: `Deleted: ${training.name}${whose}`,
                  offline: `Deletion of ${training.name}${whose} saved`,
                }),
              );
              onClose();
            })
          }
        >
          Delete
        </Button>
        <Button onPress={onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}

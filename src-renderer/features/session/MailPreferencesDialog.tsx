import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, ErrorNote, Loading, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';

/** "E-mail notifications": whether my notifications also come by mail. Kept on the service: online only. */
export function MailPreferencesDialog({ onClose }: { onClose: () => void }) {
  const read = useAppAction('session.preferences');
  const save = useAppAction('session.setPreferences');
  const [on, setOn] = useState<boolean | null>(null);
  const { run } = read;
  useEffect(() => {
    void run(undefined).then((p) => p && setOn(p.emailNotifications));
  }, [run]);
  return (
    <Dialog title="E-mail notifications" onClose={onClose} size="small">
      {read.error && <ErrorNote message={read.error} />}
      {on === null && !read.error && <Loading label="Asking the service…" />}
      {on !== null && (
        <>
          <Checkbox isSelected={on} onChange={setOn}>
            Also send me my notifications by e-mail: a request waiting for my decision, a decision on my request, a form
            sent to me, a certificate of mine expiring
          </Checkbox>
          <p className="hint">Invitations and password links are always mailed.</p>
        </>
      )}
      {save.error && <ErrorNote message={save.error} />}
      <div className="actions">
        <Button
          variant="primary"
          isDisabled={on === null}
          isPending={save.pending}
          onPress={() =>
            void save.run({ emailNotifications: on ?? true }).then((done) => {
              if (!done) return;
              toast(
                done.emailNotifications ? 'Notifications will also come by e-mail' : 'No more notification e-mails',
              );
              onClose();
            })
          }
        >
          Save
        </Button>
        <Button onPress={onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}

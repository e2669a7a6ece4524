import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button, Checkbox, Dialog, ErrorNote, Loading, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';

const MESSAGES = defineMessages({
  title: { id: 'account.mailPreferences', defaultMessage: 'E-mail notifications' },
  asking: { id: 'session.mail.asking', defaultMessage: 'Asking the service…' },
  on: { id: 'session.mail.saved.on', defaultMessage: 'Notifications will also come by e-mail' },
  off: { id: 'session.mail.saved.off', defaultMessage: 'No more notification e-mails' },
});

/** "E-mail notifications": whether my notifications also come by mail. Kept on the service: online only. */
export function MailPreferencesDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const read = useAppAction('session.preferences');
  const save = useAppAction('session.setPreferences');
  const [on, setOn] = useState<boolean | null>(null);
  const { run } = read;
  useEffect(() => {
    void run(undefined).then((p) => p && setOn(p.emailNotifications));
  }, [run]);
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="small">
      {read.error && <ErrorNote message={read.error} />}
      {on === null && !read.error && <Loading label={intl.formatMessage(MESSAGES.asking)} />}
      {on !== null && (
        <>
          <Checkbox isSelected={on} onChange={setOn}>
            <FormattedMessage
              id="session.mail.choice"
              defaultMessage="Also send me my notifications by e-mail: a request waiting for my decision, a decision on my request, a form sent to me, a certificate of mine expiring"
            />
          </Checkbox>
          <p className="hint">
            <FormattedMessage
              id="session.mail.always"
              defaultMessage="Invitations and password links are always mailed."
            />
          </p>
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
              toast(intl.formatMessage(done.emailNotifications ? MESSAGES.on : MESSAGES.off));
              onClose();
            })
          }
        >
          <FormattedMessage id="session.mail.save" defaultMessage="Save" />
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="session.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormFooter, TextField, toast } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';

const MESSAGES = defineMessages({
  title: { id: 'account.changePassword', defaultMessage: 'Change password' },
  changed: {
    id: 'session.password.changed',
    defaultMessage: 'Password changed: other computers signed in as you are signed out',
  },
  current: { id: 'session.password.current', defaultMessage: 'Current password' },
  new: { id: 'session.password.new', defaultMessage: 'New password' },
  newHelp: { id: 'session.password.new.description', defaultMessage: 'At least 8 characters, and not a common one' },
});

/** "Change password": on the service, so online only; the person's other sessions end. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useAppAction('session.changePassword');
  const away = useAppStore((s) => !s.sync?.online || s.sync.workingOffline);
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="small">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void change.run({ currentPassword, newPassword }).then((done) => {
            if (done === undefined) return;
            toast(intl.formatMessage(MESSAGES.changed));
            onClose();
          });
        }}
      >
        {away && (
          <p className="hint wide" role="note">
            <FormattedMessage
              id="session.password.offline"
              defaultMessage="You are offline: a password is changed on the service, so this needs the network."
            />
          </p>
        )}
        <TextField
          label={intl.formatMessage(MESSAGES.current)}
          type="password"
          autoComplete="current-password"
          isRequired
          value={currentPassword}
          onChange={setCurrent}
          error={change.fieldErrors.currentPassword}
          className="wide"
        />
        <TextField
          label={intl.formatMessage(MESSAGES.new)}
          type="password"
          autoComplete="new-password"
          isRequired
          value={newPassword}
          onChange={setNew}
          description={intl.formatMessage(MESSAGES.newHelp)}
          error={change.fieldErrors.newPassword}
          className="wide"
        />
        <FormFooter
          error={change.error}
          submitLabel={intl.formatMessage(MESSAGES.title)}
          pending={change.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { Dialog, FormFooter, TextField, toast } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';

/** "Change password": on the service, so online only; the person's other sessions end. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useAppAction('session.changePassword');
  const away = useAppStore((s) => !s.sync?.online || s.sync.workingOffline);
  return (
    <Dialog title="Change password" onClose={onClose} size="small">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void change.run({ currentPassword, newPassword }).then((done) => {
            if (done === undefined) return;
            toast('Password changed: other computers signed in as you are signed out');
            onClose();
          });
        }}
      >
        {away && (
          <p className="hint wide" role="note">
            You are offline: a password is changed on the service, so this needs the network.
          </p>
        )}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={currentPassword}
          onChange={setCurrent}
          error={change.fieldErrors.currentPassword}
          className="wide"
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          isRequired
          value={newPassword}
          onChange={setNew}
          description="At least 8 characters, and not a common one"
          error={change.fieldErrors.newPassword}
          className="wide"
        />
        <FormFooter error={change.error} submitLabel="Change password" pending={change.pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

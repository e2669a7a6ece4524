import { useState } from 'react';
import { Button, Checkbox, Dialog, ErrorNote } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';

export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const [deleteLocalData, setDelete] = useState(false);
  const signOut = useAppAction('session.signOut');
  const pending = useAppStore((s) => s.sync?.pending ?? 0);
  return (
    <Dialog title="Sign out" onClose={onClose} size="small">
      {pending > 0 && (
        <p className="form-error">
          {pending} change{pending === 1 ? ' has' : 's have'} not reached the service yet. Keep the local data to send
          them later.
        </p>
      )}
      <Checkbox isSelected={deleteLocalData} onChange={setDelete}>
        Delete this account’s data from this computer
      </Checkbox>
      {signOut.error && <ErrorNote message={signOut.error} />}
      <div className="actions">
        <Button variant="primary" isPending={signOut.pending} onPress={() => void signOut.run({ deleteLocalData })}>
          Sign out
        </Button>
        <Button onPress={onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}

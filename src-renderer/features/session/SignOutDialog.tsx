import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Button, Checkbox, Dialog, ErrorNote } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';

const SIGN_OUT = defineMessage({ id: 'account.signOut', defaultMessage: 'Sign out' });

export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [deleteLocalData, setDelete] = useState(false);
  const signOut = useAppAction('session.signOut');
  const pending = useAppStore((s) => s.sync?.pending ?? 0);
  return (
    <Dialog title={intl.formatMessage(SIGN_OUT)} onClose={onClose} size="small">
      {pending > 0 && (
        <p className="form-error">
          <FormattedMessage
            id="session.signOut.pending"
            defaultMessage="{count, plural, one {{count} change has} other {{count} changes have}} not reached the service yet. Keep the local data to send them later."
            values={{ count: pending }}
          />
        </p>
      )}
      <Checkbox isSelected={deleteLocalData} onChange={setDelete}>
        <FormattedMessage
          id="session.signOut.deleteLocalData"
          defaultMessage="Delete this account’s data from this computer"
        />
      </Checkbox>
      {signOut.error && <ErrorNote message={signOut.error} />}
      <div className="actions">
        <Button variant="primary" isPending={signOut.pending} onPress={() => void signOut.run({ deleteLocalData })}>
          {intl.formatMessage(SIGN_OUT)}
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="session.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Dialog>
  );
}

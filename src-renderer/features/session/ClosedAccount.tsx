import { FormattedMessage } from 'react-intl';
import { Button } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';

/** A closed account is told so in words; what it had not sent yet is listed before it signs out. */
export function ClosedAccount({ message, onSignOut }: { message: string; onSignOut: () => void }) {
  const unsent = useAppQuery('sync.unsent', undefined).data ?? [];
  return (
    <div className="frame-banner" role="alert">
      <p>
        <FormattedMessage
          id="session.closed.notice"
          defaultMessage="{message}. You can no longer sign in to this organization.{count, plural, =0 {} one { {count} change was not sent:} other { {count} changes were not sent:}}"
          values={{ message, count: unsent.length }}
        />
      </p>
      {unsent.length > 0 && (
        <ul>
          {unsent.map((words, i) => (
            <li key={i}>{words}</li>
          ))}
        </ul>
      )}
      <Button onPress={onSignOut}>
        <FormattedMessage id="account.signOut" defaultMessage="Sign out" />
      </Button>
    </div>
  );
}

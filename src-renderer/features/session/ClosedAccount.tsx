import { Button } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';

/** A closed account is told so in words; what it had not sent yet is listed before it signs out. */
export function ClosedAccount({ message, onSignOut }: { message: string; onSignOut: () => void }) {
  const unsent = useAppQuery('sync.unsent', undefined).data ?? [];
  return (
    <div className="frame-banner" role="alert">
      <p>
        {message}. You can no longer sign in to this organization.
        {unsent.length > 0 && ` ${unsent.length} change${unsent.length === 1 ? ' was' : 's were'} not sent:`}
      </p>
      {unsent.length > 0 && (
        <ul>
          {unsent.map((words, i) => (
            <li key={i}>{words}</li>
          ))}
        </ul>
      )}
      <Button onPress={onSignOut}>Sign out</Button>
    </div>
  );
}

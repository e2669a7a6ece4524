import type { ReactNode } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Button } from './Button';

const LOADING = defineMessage({ id: 'ui.loading', defaultMessage: 'Loading…' });

export function Loading({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label ?? intl.formatMessage(LOADING)}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state empty">{children}</p>;
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <Button onPress={onRetry}>
          <FormattedMessage id="ui.error.retry" defaultMessage="Try again" />
        </Button>
      )}
    </div>
  );
}

/** The mark on a record whose change has not reached the service yet. */
export function WaitingMark() {
  return (
    <span className="badge waiting">
      <FormattedMessage id="ui.waitingMark" defaultMessage="Waiting to sync" />
    </span>
  );
}

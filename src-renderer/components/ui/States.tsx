import type { ReactNode } from 'react';
import { Button } from './Button';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
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
      {onRetry && <Button onPress={onRetry}>Try again</Button>}
    </div>
  );
}

/** The mark on a record whose change has not reached the service yet. */
export function WaitingMark() {
  return <span className="badge waiting">Waiting to sync</span>;
}

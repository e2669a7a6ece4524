import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The record a link (a notification) led to, at the top of its view: set apart, it takes focus once
 * shown and is the current item (aria-current) until one navigates on. `shown` changes when another
 * record is shown, which takes focus again.
 */
export function FocusedRecord({ label, shown, children }: { label: string; shown: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [shown]);
  return (
    <article ref={ref} tabIndex={-1} aria-current="true" className="focused-record" aria-label={label}>
      <p className="hint">
        <FormattedMessage id="ui.focusedRecord.fromNotification" defaultMessage="From your notification" />
      </p>
      {children}
    </article>
  );
}

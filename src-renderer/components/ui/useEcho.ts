import { startTransition, useState } from 'react';

interface Echo {
  /** The value given when this run of typing began. */
  base: string;
  /** What was typed and handed on since: the value coming back may be any of them for a while. */
  sent: string[];
  typed: string;
}

/**
 * A text field's value that shows each key at once and hands it on in a transition: in a big form
 * the key is painted before what it changes elsewhere (a preview, a list) is rendered. A value that
 * comes back changed by someone else (not one typed here) is shown as it is.
 */
export function useEcho(
  value: string,
  onChange: ((next: string) => void) | undefined,
  deferred: boolean,
): [string, ((next: string) => void) | undefined] {
  const [echo, setEcho] = useState<Echo | null>(null);
  if (!deferred || !onChange) return [value, onChange];
  const ours = echo !== null && (value === echo.base || echo.sent.includes(value)) ? echo : null;
  const change = (next: string) => {
    // Caught up (or overtaken from elsewhere): a new run of typing starts from what is shown.
    const run = ours && value !== ours.typed ? ours : null;
    setEcho(run ? { ...run, sent: [...run.sent, next], typed: next } : { base: value, sent: [next], typed: next });
    startTransition(() => onChange(next));
  };
  return [ours ? ours.typed : value, change];
}

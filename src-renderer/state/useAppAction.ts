import { useCallback, useRef, useState } from 'react';
import type { AppArgs, AppCallName, AppResult } from '@shared/appApi';
import type { FormatMessage } from '@shared/i18n/format';
import type { FieldIssue } from '@shared/rules/fieldIssue';
import { issueWords, summaryIn } from '@shared/rules/issueWords';
import { BridgeError, messageOf } from '@renderer/bridge/bridge';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { useBridge } from './bridgeContext';

export type FieldErrors = Readonly<Record<string, string>>;

export interface AppAction<K extends AppCallName> {
  /** Runs the call; answers its result, or undefined when it failed (the error is in `error`). */
  run(args: AppArgs<K>): Promise<AppResult<K> | undefined>;
  pending: boolean;
  /** The sentence to show for the failure, if any. */
  error: string | null;
  /** One message per field the backend named in `details` (`endDate`, `answers.<id>`). */
  fieldErrors: FieldErrors;
  reset(): void;
}

/** The rulebook's issues a failed call names in `details`. */
function issuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof BridgeError) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).filter(
    (d): d is FieldIssue =>
      !!d &&
      typeof d === 'object' &&
      typeof (d as FieldIssue).path === 'string' &&
      typeof (d as FieldIssue).message === 'string',
  );
}

/** The issues of a failed call, by field path, in the reader's language (`format`; as sent without it). */
export function fieldErrorsOf(error: unknown, format?: FormatMessage): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issuesOf(error)) {
    if (!(issue.path in out)) out[issue.path] = format ? issueWords(format, issue) : issue.message;
  }
  return out;
}

/**
 * A failed call's sentence: the rulebook's refusal made here (its issues carry their values) is
 * summed up again in the reader's language; the service's comes in it already.
 */
export function errorWords(error: unknown, format: FormatMessage): string {
  const issues = issuesOf(error);
  return issues.some((i) => i.params) ? summaryIn(format, issues) : messageOf(error);
}

/**
 * A change through the app API with its state: pending while it runs, then the error and each
 * field's error. What the user typed is theirs to keep: a failure changes nothing but these.
 */
export function useAppAction<K extends AppCallName>(name: K): AppAction<K> {
  const bridge = useBridge();
  const format = useFormatMessage();
  const [state, setState] = useState<{ pending: boolean; error: string | null; fieldErrors: FieldErrors }>({
    pending: false,
    error: null,
    fieldErrors: {},
  });
  const running = useRef(0);
  const run = useCallback(
    async (args: AppArgs<K>) => {
      const mine = ++running.current;
      setState({ pending: true, error: null, fieldErrors: {} });
      try {
        const result = await bridge.call(name, args);
        if (mine === running.current) setState({ pending: false, error: null, fieldErrors: {} });
        return result;
      } catch (error) {
        if (mine === running.current) {
          setState({ pending: false, error: errorWords(error, format), fieldErrors: fieldErrorsOf(error, format) });
        }
        return undefined;
      }
    },
    [bridge, name, format],
  );
  const reset = useCallback(() => setState({ pending: false, error: null, fieldErrors: {} }), []);
  return { run, ...state, reset };
}

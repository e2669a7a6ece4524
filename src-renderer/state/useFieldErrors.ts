import { useState } from 'react';
import type { FormatMessage } from '@shared/i18n/format';
import type { FieldIssue } from '@shared/rules/fieldIssue';
import { issueWords, summaryIn } from '@shared/rules/issueWords';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import type { FieldErrors } from './useAppAction';

export interface ShownErrors {
  /** The message to show beside each field now. */
  errors: FieldErrors;
  /** An attempt was refused by the rulebook before anything was sent: its issues beside their fields, summed up. */
  refused(issues: readonly FieldIssue[]): void;
  /**
   * The form's summary of a refusal (`error`), or null once a field it was about has changed: it
   * summed up field errors that no longer stand as they were.
   */
  summary(error: string | null): string | null;
}

const byPath = (issues: readonly FieldIssue[], format: FormatMessage): FieldErrors =>
  Object.fromEntries(issues.map((i) => [i.path, issueWords(format, i)]));

/**
 * The errors beside a form's fields. Nothing shows before a first attempt; after it, each field
 * keeps its refusal until it changes, or a field it is checked against does (`linked`): then what
 * `check` (the rulebook's rules that can be known here) says of it now stands in its place, so an
 * error never outlives the input that caused it.
 */
export function useFieldErrors<V extends object>(
  values: V,
  check: (values: V) => readonly FieldIssue[],
  linked: readonly (readonly (keyof V & string)[])[] = [],
  /** The backend's refusal of the last attempt (a useAppAction's fieldErrors): taken in when it changes. */
  backend?: FieldErrors,
): ShownErrors {
  const format = useFormatMessage();
  const [attempt, setAttempt] = useState<{
    errors: FieldErrors;
    values: V | null;
    backend?: FieldErrors;
    /** The summary of a refusal made here (the backend's comes with its answer). */
    summary?: string;
  }>({ errors: {}, values: null, backend });
  // A new answer from the backend is a new attempt, judged against the values it was made with.
  const refused = (issues: readonly FieldIssue[]) =>
    setAttempt({ errors: byPath(issues, format), values, backend, summary: summaryIn(format, issues) });
  const kept = (errors: FieldErrors, summary?: string): ShownErrors => ({
    errors,
    refused,
    summary: (error) => summary ?? error,
  });
  if (backend !== attempt.backend) {
    const next = { errors: backend ?? {}, values: Object.keys(backend ?? {}).length ? values : null, backend };
    setAttempt(next);
    return kept(next.errors);
  }
  const before = attempt.values;
  if (!before) return kept(attempt.errors, attempt.summary);
  const differs = (key: string) =>
    !Object.is((values as Record<string, unknown>)[key], (before as Record<string, unknown>)[key]);
  const changed = new Set(Object.keys(values).filter(differs));
  for (const group of linked) if (group.some((k) => changed.has(k))) for (const k of group) changed.add(k);
  if (changed.size === 0) return kept(attempt.errors, attempt.summary);
  const now = byPath(check(values), format);
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(attempt.errors)) if (!changed.has(path)) errors[path] = message;
  for (const path of changed) if (now[path]) errors[path] = now[path];
  return { errors, refused, summary: () => null };
}

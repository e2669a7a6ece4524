import { defineMessage } from '@formatjs/intl';
import type { z } from 'zod';
import { formatEnglish, valuesIn, type FormatMessage, type MessageValue } from '../i18n/format';

/**
 * A value of an issue's message: text or a number as is, or another message of the catalog (a
 * field's name), whose own values may be messages too ("a reports to b reports to a").
 */
export type IssueValue = MessageValue;

/** One broken rule, on one field: what the service answers in `errors` and the app in `details`. */
export interface FieldIssue {
  /** Where the field is: `endDate`, `answers.<questionId>`, `questions[2].label`. */
  path: string;
  /** A sentence for people, in English: never a field name or a validator's words. */
  message: string;
  /** The catalog message it was said with (a stable code clients may test), and its values: each side says it in its reader's language. */
  code?: string;
  params?: Record<string, IssueValue>;
}

/** A message of the rulebook: its id is the issue's code. */
export interface RuleMessage {
  id: string;
  defaultMessage: string;
}

/** The issue a rule raises, said in English here and in any language where it is shown (`issueWords`). */
export function issue(path: string, message: RuleMessage, params: Record<string, IssueValue> = {}): FieldIssue {
  const raised = { path, code: message.id, params, message: '' };
  return { ...raised, message: issueWords(formatEnglish, raised) };
}

/** An issue in the language of `format`; one as the service said it (a code but no values) in its own words. */
export function issueWords(format: FormatMessage, issue: Pick<FieldIssue, 'message' | 'code' | 'params'>): string {
  if (!issue.code || !issue.params) return issue.message;
  const words = format(issue.code, valuesIn(format, issue.params));
  // A sentence may start with a field's name, which is written as it stands mid-sentence; one that
  // starts with text as given (an email address) keeps it as written.
  const given = Object.values(issue.params).some((v) => typeof v === 'string' && v && words.startsWith(v));
  return given ? words : words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

const SUMMARY = defineMessage<{ count: number; issues: string }>({
  id: 'rules.summary',
  defaultMessage: '{count} things need correcting: {issues}',
});

/** The one sentence that stands for several issues (the service's `detail`, the app's `message`). */
export function summarizeIssues(issues: readonly FieldIssue[], format: FormatMessage = formatEnglish): string {
  if (issues.length === 1) return issueWords(format, issues[0]!);
  const each = issues.map((i) => issueWords(format, i).replace(/\.$/, ''));
  return format(SUMMARY.id, { count: issues.length, issues: each.join('; ') });
}

/** A rule's issue raised inside a schema's refinement, keeping its code for `schemaIssues` to return. */
export function refuseIn(ctx: z.RefinementCtx, raised: FieldIssue): void {
  ctx.addIssue({ code: 'custom', path: [raised.path], message: raised.message, params: { raised } });
}

/** The issue `refuseIn` raised, at the path zod found it. */
export function raisedIn(params: Record<string, unknown> | undefined, path: string): FieldIssue | undefined {
  const raised = params?.['raised'] as FieldIssue | undefined;
  return raised && { ...raised, path };
}

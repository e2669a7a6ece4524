import { defineMessage } from '@formatjs/intl';
import { valuesIn, type FormatMessage, type MessageValue } from '../i18n/format';

// Issues said in a reader's language: what the app's pages need of the rulebook's words, without
// its English catalog.

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

// Between two issues in a summary: French writes a space before the semicolon.
const AND_THEN = defineMessage<{ before: string; after: string }>({
  id: 'rules.summary.next',
  defaultMessage: '{before}; {after}',
});

/** The one sentence that stands for several issues (the service's `detail`, the app's `message`). */
export function summaryIn(format: FormatMessage, issues: readonly FieldIssue[]): string {
  if (issues.length === 1) return issueWords(format, issues[0]!);
  const each = issues.map((i) => issueWords(format, i).replace(/\.$/, ''));
  const listed = each.reduce((before, after) => format(AND_THEN.id, { before, after }));
  return format(SUMMARY.id, { count: issues.length, issues: listed });
}

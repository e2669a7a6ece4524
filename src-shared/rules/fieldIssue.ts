import type { z } from 'zod';
import { formatEnglish } from '../i18n/english';
import type { FormatMessage } from '../i18n/format';
import { issueWords, summaryIn, type FieldIssue, type IssueValue } from './issueWords';

export { issueWords, type FieldIssue, type IssueValue };

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

/** A rule's issue raised inside a schema's refinement, keeping its code for `schemaIssues` to return. */
export function refuseIn(ctx: z.RefinementCtx, raised: FieldIssue): void {
  ctx.addIssue({ code: 'custom', path: [raised.path], message: raised.message, params: { raised } });
}

/** The issue `refuseIn` raised, at the path zod found it. */
export function raisedIn(params: Record<string, unknown> | undefined, path: string): FieldIssue | undefined {
  const raised = params?.['raised'] as FieldIssue | undefined;
  return raised && { ...raised, path };
}

/** The one sentence that stands for several issues (the service's `detail`, the app's `message`), in English unless told. */
export const summarizeIssues = (issues: readonly FieldIssue[], format: FormatMessage = formatEnglish): string =>
  summaryIn(format, issues);

/** One broken rule, on one field: what the service answers in `errors` and the app in `details`. */
export interface FieldIssue {
  /** Where the field is: `endDate`, `answers.<questionId>`, `questions[2].label`. */
  path: string;
  /** A sentence for people: never a field name or a validator's words. */
  message: string;
}

/** The one sentence that stands for several issues (the service's `detail`, the app's `message`). */
export function summarizeIssues(issues: readonly FieldIssue[]): string {
  if (issues.length === 1) return issues[0]!.message;
  return `${issues.length} things need correcting: ${issues.map((i) => i.message.replace(/\.$/, '')).join('; ')}`;
}

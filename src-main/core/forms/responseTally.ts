import { RECENT_TEXTS, type FormTally, type QuestionTally } from '../../../src-shared/records/formAnalytics';
import type { Form, FormResponse } from '../../../src-shared/wire';

/**
 * What the one definition of a form's figures needs, counted from the cached responses a filter
 * kept (latest first, as parsedResponses reads them): the same tally the service counts in SQL.
 */
export function responseTally(
  form: Pick<Form, 'questions'>,
  responses: readonly FormResponse[],
  distributedCount: number,
): FormTally {
  const texts = new Set(form.questions.filter((q) => q.type === 'TEXT' || q.type === 'TEXTAREA').map((q) => q.id));
  const counts = new Map<string, Map<string, number>>();
  const latest = new Map<string, string[]>();
  const byDay = new Map<string, number>();
  for (const r of responses) {
    const day = r.submittedAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    for (const { questionId, value } of r.answers) {
      let values = counts.get(questionId);
      if (!values) counts.set(questionId, (values = new Map()));
      values.set(value, (values.get(value) ?? 0) + 1);
      if (!texts.has(questionId)) continue;
      let recent = latest.get(questionId);
      if (!recent) latest.set(questionId, (recent = []));
      if (recent.length < RECENT_TEXTS) recent.push(value);
    }
  }
  const questions: Record<string, QuestionTally> = {};
  for (const [questionId, values] of counts) {
    questions[questionId] = {
      values: [...values].map(([value, count]) => ({ value, count })),
      latest: latest.get(questionId) ?? [],
    };
  }
  return {
    responseCount: responses.length,
    distributedCount,
    responsesByDay: [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, count]) => ({ date, count })),
    questions,
  };
}

import { RECENT_TEXTS, type FormTally, type QuestionTally } from '@shared/records/formAnalytics';
import type { Form } from '@shared/wire';
import { NOT_ASKED, type FormColumns } from './formColumns';

/** Whether response `a` came after `b` (the latest first: by time, then by id, as the service orders them). */
export function later(columns: FormColumns, a: number, b: number): boolean {
  const at = columns.submittedAt;
  return at[a]! > at[b]! || (at[a] === at[b] && columns.ids[a]! > columns.ids[b]!);
}

/** Up to `limit` of `from`, the latest first, in one pass (no sort of them all). */
export function latestOf(columns: FormColumns, from: Iterable<number>, limit: number): number[] {
  const top: number[] = [];
  for (const i of from) {
    if (top.length === limit && !later(columns, i, top[limit - 1]!)) continue;
    let at = Math.min(top.length, limit - 1);
    if (top.length < limit) top.push(i);
    while (at > 0 && later(columns, i, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at -= 1;
    }
    top[at] = i;
  }
  return top;
}

/**
 * What the one definition of a form's figures needs, counted from the cached responses a filter
 * kept (`kept`: their places in the columns; null: all): the same tally the service counts in SQL.
 */
export function responseTally(
  form: Pick<Form, 'questions'>,
  columns: FormColumns,
  kept: readonly number[] | null,
  distributedCount: number,
): FormTally {
  const places = kept ?? columns.ids.map((_, i) => i);
  const byDay = new Map<string, number>();
  for (const i of places) {
    const day = columns.submittedAt[i]!.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  const texts = new Set(form.questions.filter((q) => q.type === 'TEXT' || q.type === 'TEXTAREA').map((q) => q.id));
  const questions: Record<string, QuestionTally> = {};
  const unasked: Record<string, number> = {};
  for (const [questionId, { values, codes }] of Object.entries(columns.questions)) {
    const counts = new Int32Array(values.length);
    let notAsked = 0;
    for (const i of places) {
      const code = codes[i]!;
      if (code >= 0) counts[code]! += 1;
      else if (code === NOT_ASKED) notAsked += 1;
    }
    if (notAsked > 0) unasked[questionId] = notAsked;
    const tally: QuestionTally = { values: [], latest: [] };
    counts.forEach((count, code) => count > 0 && tally.values.push({ value: values[code]!, count }));
    if (tally.values.length === 0) continue;
    if (texts.has(questionId)) {
      tally.latest = latestOf(
        columns,
        places.filter((i) => codes[i]! >= 0),
        RECENT_TEXTS,
      ).map((i) => values[codes[i]!]!);
    }
    questions[questionId] = tally;
  }
  return {
    responseCount: places.length,
    distributedCount,
    responsesByDay: [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, count]) => ({ date, count })),
    questions,
    unasked,
  };
}

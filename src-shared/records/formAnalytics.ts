import type { Answer, FormAnalytics, Question, QuestionAnalytics } from '../wire/forms';
import { topWords } from './topWords';

/** A response as analytics reads it. */
export interface AnalysedResponse {
  id: string;
  submittedAt: string;
  answers: Answer[];
}

/** Figures the app shows beyond the service's: a DATE question's answers by month. */
export type LocalQuestionAnalytics = QuestionAnalytics & { byMonth?: { month: string; count: number }[] };
export interface LocalFormAnalytics extends Omit<FormAnalytics, 'questions'> {
  questions: LocalQuestionAnalytics[];
}

export const roundTo = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : roundTo((part / whole) * 100, 1));

/** Net Promoter Score applies to a 0–10 scale. */
export const isNpsScale = (q: Pick<Question, 'type' | 'min' | 'max'>) =>
  q.type === 'SCALE' && (q.min ?? 0) === 0 && (q.max ?? 10) === 10;

/** Promoters (9–10), passives (7–8) and detractors (0–6) of a 0–10 scale, and the score from −100 to 100. */
export function npsOf(distribution: readonly { value: number; count: number }[], answered: number) {
  const bucket = (from: number, to: number) =>
    distribution.filter((d) => d.value >= from && d.value <= to).reduce((s, d) => s + d.count, 0);
  const promoters = bucket(9, 10);
  const detractors = bucket(0, 6);
  return {
    promoters,
    passives: bucket(7, 8),
    detractors,
    score: answered === 0 ? 0 : Math.round(((promoters - detractors) / answered) * 100),
  };
}

function numeric(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const counts = new Map<number, number>();
  let sum = 0;
  for (const v of sorted) {
    counts.set(v, (counts.get(v) ?? 0) + 1);
    sum += v;
  }
  const median = n === 0 ? null : n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return {
    answered: n,
    mean: n === 0 ? null : roundTo(sum / n, 2),
    median,
    min: n === 0 ? null : sorted[0]!,
    max: n === 0 ? null : sorted[n - 1]!,
    distribution: [...counts].map(([value, count]) => ({ value, count })),
  };
}

/** `given`: the question's answers, latest response first. */
function questionFigures(q: Question, given: string[], responseCount: number) {
  const base = { questionId: q.id, label: q.label };
  const withCounts = (answered: number) => ({ ...base, answered, skipped: responseCount - answered });
  switch (q.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const counts = new Map<string, number>();
      for (const value of given) {
        let picked: string[] = [value];
        if (q.type === 'MULTIPLE_CHOICE') {
          try {
            const parsed: unknown = JSON.parse(value);
            picked = Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
          } catch {
            picked = [];
          }
        }
        for (const p of picked) counts.set(p, (counts.get(p) ?? 0) + 1);
      }
      const answered = given.length;
      return {
        ...withCounts(answered),
        type: q.type,
        // Percent of those who answered: a multiple choice's may add up past 100.
        options: (q.options ?? []).map((option) => {
          const count = counts.get(option) ?? 0;
          return { option, count, percent: percentOf(count, answered) };
        }),
      } satisfies LocalQuestionAnalytics;
    }
    case 'NUMBER':
    case 'RATING':
    case 'SCALE': {
      const values = given.map(Number).filter((n) => Number.isFinite(n));
      const { answered, ...stats } = numeric(values);
      if (q.type !== 'SCALE' || !isNpsScale(q)) return { ...withCounts(answered), type: q.type, ...stats };
      return {
        ...withCounts(answered),
        type: 'SCALE',
        ...stats,
        nps: npsOf(stats.distribution, answered),
      } satisfies LocalQuestionAnalytics;
    }
    case 'YES_NO': {
      let yes = 0;
      let no = 0;
      for (const v of given) {
        if (v === 'yes') yes += 1;
        else if (v === 'no') no += 1;
      }
      return { ...withCounts(yes + no), type: 'YES_NO', yes, no } satisfies LocalQuestionAnalytics;
    }
    case 'TEXT':
    case 'TEXTAREA': {
      return {
        ...withCounts(given.length),
        type: q.type,
        recent: given.slice(0, 20),
        topWords: topWords(given),
      } satisfies LocalQuestionAnalytics;
    }
    case 'DATE': {
      const dates = [...given].sort();
      const months = new Map<string, number>();
      for (const d of dates) months.set(d.slice(0, 7), (months.get(d.slice(0, 7)) ?? 0) + 1);
      return {
        ...withCounts(dates.length),
        type: 'DATE',
        earliest: dates[0] ?? null,
        latest: dates[dates.length - 1] ?? null,
        byMonth: [...months].map(([month, count]) => ({ month, count })),
      } satisfies LocalQuestionAnalytics;
    }
  }
}

/** Whether `a` was submitted after `b` (ties by id, as the service orders them). */
const later = (a: AnalysedResponse, b: AnalysedResponse) =>
  a.submittedAt === b.submittedAt ? a.id > b.id : a.submittedAt > b.submittedAt;

/**
 * A form's analytics from its responses, by the rules the service's follow (the same figures for
 * the same responses): choices counted with percents of those who answered, numbers with mean
 * (two places), median, range and distribution, NPS for a 0–10 scale, yes and no, the 20 latest
 * texts and their top words, the range of dates. `distributedCount` comes from the service.
 */
export function analyticsOf(
  form: { id: string; questions: Question[] },
  responses: readonly AnalysedResponse[],
  distributedCount: number,
): LocalFormAnalytics {
  const byQuestion = new Map<string, string[]>(form.questions.map((q) => [q.id, []]));
  const byDay = new Map<string, number>();
  // Latest first, as the service lists texts: one sort, unless they come so already.
  const ordered = responses.every((r, i) => i === 0 || !later(r, responses[i - 1]!))
    ? responses
    : [...responses].sort((a, b) => (later(a, b) ? -1 : 1));
  for (const r of ordered) {
    const day = r.submittedAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    for (const a of r.answers) byQuestion.get(a.questionId)?.push(a.value);
  }
  const responseCount = responses.length;
  return {
    formId: form.id,
    responseCount,
    distributedCount,
    completionRate: distributedCount === 0 ? null : Math.min(100, percentOf(responseCount, distributedCount)),
    responsesByDay: [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, count]) => ({ date, count })),
    questions: form.questions.map((q) => questionFigures(q, byQuestion.get(q.id)!, responseCount)),
  };
}

import type { Answer, Question } from '../wire/forms';
import { impossibleDateWords } from '../calendar/dates';
import { RATING_RANGE, SCALE_DEFAULT_RANGE } from '../wire/forms';
import type { FieldIssue } from './fieldIssue';
import { hiddenWords, shownQuestions } from './formLogic';

export interface CheckedAnswer {
  questionId: string;
  value: string;
  /** The numeric value of NUMBER, RATING and SCALE answers, for statistics. */
  number: number | null;
}

export const TEXT_MAX = 500;
export const TEXTAREA_MAX = 5_000;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const inRange = (n: number, min: number | null | undefined, max: number | null | undefined) =>
  (min == null || n >= min) && (max == null || n <= max);

function rangeWords(min: number | null | undefined, max: number | null | undefined): string {
  if (min != null && max != null) return ` from ${min} to ${max}`;
  if (min != null) return ` of at least ${min}`;
  if (max != null) return ` of at most ${max}`;
  return '';
}

/** The range a RATING or SCALE question offers, defaults filled in. */
export function choiceRange(q: Pick<Question, 'type' | 'min' | 'max'>): { min: number; max: number } {
  const fallback = q.type === 'RATING' ? RATING_RANGE : SCALE_DEFAULT_RANGE;
  return { min: q.min ?? fallback.min, max: q.max ?? fallback.max };
}

/** Whether an answer counts as not given (blank, or no option chosen). */
export function isUnanswered(q: Pick<Question, 'type'>, value: string | undefined): boolean {
  const v = value?.trim() ?? '';
  return v === '' || (q.type === 'MULTIPLE_CHOICE' && v === '[]');
}

/** One given answer checked against its question: a sentence naming the question, or the answer as kept. */
function checkOne(q: Question, value: string): string | CheckedAnswer {
  const ok = (number: number | null = null): CheckedAnswer => ({ questionId: q.id, value, number });
  const about = `“${q.label}”`;
  switch (q.type) {
    case 'TEXT':
      return value.length > TEXT_MAX ? `Keep ${about} under ${TEXT_MAX} characters` : ok();
    case 'TEXTAREA':
      return value.length > TEXTAREA_MAX ? `Keep ${about} under 5,000 characters` : ok();
    case 'NUMBER': {
      if (!DECIMAL.test(value)) return `Enter a number for ${about}, such as 42 or 3.5`;
      const n = Number(value);
      return inRange(n, q.min, q.max) ? ok(n) : `Enter a number${rangeWords(q.min, q.max)} for ${about}`;
    }
    case 'DATE': {
      if (validDate(value)) return ok();
      const impossible = impossibleDateWords(value);
      return impossible ? `Enter a date for ${about}: ${impossible}` : `Enter a date for ${about}, such as 2026-03-02`;
    }
    case 'SINGLE_CHOICE':
      return q.options?.includes(value) ? ok() : `Choose one of the options for ${about}`;
    case 'MULTIPLE_CHOICE': {
      let picked: unknown;
      try {
        picked = JSON.parse(value);
      } catch {
        picked = null;
      }
      if (!Array.isArray(picked) || !picked.every((p): p is string => typeof p === 'string')) {
        return `Choose options from the list for ${about}`;
      }
      const unknown = picked.filter((p) => !q.options?.includes(p));
      if (unknown.length) return `“${unknown.join('”, “')}” is not an option of ${about}`;
      if (new Set(picked).size !== picked.length) return `An option is chosen twice for ${about}`;
      if (!inRange(picked.length, q.min, q.max)) return `Choose${rangeWords(q.min, q.max)} options for ${about}`;
      return { questionId: q.id, value: JSON.stringify(picked), number: null };
    }
    case 'RATING':
    case 'SCALE': {
      const { min, max } = choiceRange(q);
      const n = Number(value);
      return INTEGER.test(value) && inRange(n, min, max)
        ? ok(n)
        : `Choose a whole number from ${min} to ${max} for ${about}`;
    }
    case 'YES_NO':
      return value === 'yes' || value === 'no' ? ok() : `Choose yes or no for ${about}`;
  }
}

/** The issue of one question's answer, or null: what the app shows as the person leaves the question. */
export function answerIssue(q: Question, value: string | undefined): FieldIssue | null {
  const path = `answers.${q.id}`;
  if (isUnanswered(q, value)) return q.required ? { path, message: `Answer “${q.label}”` } : null;
  const result = checkOne(q, value!.trim());
  return typeof result === 'string' ? { path, message: result } : null;
}

/**
 * Every answer checked against the form's questions: one issue per bad answer, named by
 * `answers.<questionId>`. Empty answers count as not given.
 */
export function checkAnswers(
  questions: Question[],
  answers: Answer[],
): { ok: true; answers: CheckedAnswer[]; unasked: string[] } | { ok: false; issues: FieldIssue[] } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const issues: FieldIssue[] = [];
  const given = new Map<string, string>();
  for (const a of answers) {
    const path = `answers.${a.questionId}`;
    if (!byId.has(a.questionId)) issues.push({ path, message: 'This question is not part of the form' });
    else if (given.has(a.questionId)) issues.push({ path, message: 'This question is answered twice' });
    else given.set(a.questionId, a.value);
  }
  const checked: CheckedAnswer[] = [];
  const shown = shownQuestions(questions, given);
  for (const q of questions) {
    const value = given.get(q.id);
    if (!shown.has(q.id)) {
      // Not asked with these answers: an answer to it is refused, a required one is not required.
      if (!isUnanswered(q, value)) issues.push({ path: `answers.${q.id}`, message: hiddenWords(q, questions, given) });
      continue;
    }
    if (isUnanswered(q, value)) {
      if (q.required) issues.push({ path: `answers.${q.id}`, message: `Answer “${q.label}”` });
      continue;
    }
    const result = checkOne(q, value!.trim());
    if (typeof result === 'string') issues.push({ path: `answers.${q.id}`, message: result });
    else checked.push(result);
  }
  if (issues.length) return { ok: false, issues };
  return { ok: true, answers: checked, unasked: questions.filter((q) => !shown.has(q.id)).map((q) => q.id) };
}

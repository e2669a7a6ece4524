import type { Answer, ProblemError, Question } from '../../src-shared/wire';
import { SCALE_DEFAULT_RANGE } from '../../src-shared/wire';

export interface StoredAnswer {
  questionId: string;
  value: string;
  /** The numeric value of NUMBER, RATING and SCALE answers, for SQL statistics. */
  number: number | null;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function inRange(n: number, min: number | null | undefined, max: number | null | undefined): boolean {
  return (min == null || n >= min) && (max == null || n <= max);
}

function rangeText(min: number | null | undefined, max: number | null | undefined): string {
  if (min != null && max != null) return ` from ${min} to ${max}`;
  if (min != null) return ` of at least ${min}`;
  if (max != null) return ` of at most ${max}`;
  return '';
}

/** Checks one non-empty answer against its question; answers an error message or the stored form. */
function check(q: Question, value: string): string | StoredAnswer {
  const stored = (number: number | null = null): StoredAnswer => ({ questionId: q.id, value, number });
  switch (q.type) {
    case 'TEXT':
      return value.length > 500 ? 'At most 500 characters' : stored();
    case 'TEXTAREA':
      return value.length > 5_000 ? 'At most 5,000 characters' : stored();
    case 'NUMBER': {
      if (!DECIMAL.test(value)) return 'Expected a number written in decimal, such as 42 or 3.5';
      const n = Number(value);
      return inRange(n, q.min, q.max) ? stored(n) : `Expected a number${rangeText(q.min, q.max)}`;
    }
    case 'DATE':
      return validDate(value) ? stored() : 'Expected a date as YYYY-MM-DD';
    case 'SINGLE_CHOICE':
      return q.options?.includes(value) ? stored() : `Expected one of: ${(q.options ?? []).join(', ')}`;
    case 'MULTIPLE_CHOICE': {
      let picked: unknown;
      try {
        picked = JSON.parse(value);
      } catch {
        return 'Expected a JSON array of options, such as ["A","C"]';
      }
      if (!Array.isArray(picked) || !picked.every((p): p is string => typeof p === 'string')) {
        return 'Expected a JSON array of options, such as ["A","C"]';
      }
      const unknown = picked.filter((p) => !q.options?.includes(p));
      if (unknown.length) return `Not an option: ${unknown.join(', ')}`;
      if (new Set(picked).size !== picked.length) return 'An option is chosen twice';
      if (!inRange(picked.length, q.min, q.max)) return `Choose${rangeText(q.min, q.max)} options`;
      if (picked.length === 0) return 'Choose at least one option, or leave the question out';
      return { questionId: q.id, value: JSON.stringify(picked), number: null };
    }
    case 'RATING':
    case 'SCALE': {
      const min = q.min ?? (q.type === 'RATING' ? 1 : SCALE_DEFAULT_RANGE.min);
      const max = q.max ?? (q.type === 'RATING' ? 5 : SCALE_DEFAULT_RANGE.max);
      const n = Number(value);
      return INTEGER.test(value) && inRange(n, min, max) ? stored(n) : `Expected a whole number from ${min} to ${max}`;
    }
    case 'YES_NO':
      return value === 'yes' || value === 'no' ? stored() : 'Expected yes or no';
  }
}

/**
 * Every answer checked against the form's questions; one error per bad answer, named by
 * `answers.<questionId>`. Empty answers count as not given.
 */
export function checkAnswers(
  questions: Question[],
  answers: Answer[],
): { ok: true; answers: StoredAnswer[] } | { ok: false; errors: ProblemError[] } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const errors: ProblemError[] = [];
  const given = new Map<string, string>();
  for (const a of answers) {
    const path = `answers.${a.questionId}`;
    if (!byId.has(a.questionId)) errors.push({ path, message: 'No such question in this form' });
    else if (given.has(a.questionId)) errors.push({ path, message: 'Answered twice' });
    else given.set(a.questionId, a.value);
  }
  const stored: StoredAnswer[] = [];
  for (const q of questions) {
    const value = given.get(q.id)?.trim() ?? '';
    const empty = value === '' || (q.type === 'MULTIPLE_CHOICE' && value === '[]');
    if (empty) {
      if (q.required) errors.push({ path: `answers.${q.id}`, message: `“${q.label}” needs an answer` });
      continue;
    }
    const result = check(q, value);
    if (typeof result === 'string') errors.push({ path: `answers.${q.id}`, message: `“${q.label}”: ${result}` });
    else stored.push(result);
  }
  return errors.length ? { ok: false, errors } : { ok: true, answers: stored };
}

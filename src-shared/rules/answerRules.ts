import { defineMessage } from '@formatjs/intl';
import type { Answer, Question } from '../wire/forms';
import { RATING_RANGE, SCALE_DEFAULT_RANGE } from '../wire/forms';
import { issue, type FieldIssue, type IssueValue, type RuleMessage } from './fieldIssue';
import { hiddenIssue, shownQuestions } from './formLogic';
import { impossibleDateValue } from './schemaIssues';

type Range = 'both' | 'min' | 'max' | 'none';

const M = {
  tooLong: defineMessage<{ question: string; max: number }>({
    id: 'rules.answer.tooLong',
    defaultMessage: 'Keep “{question}” under {max, number} characters',
  }),
  number: defineMessage<{ question: string }>({
    id: 'rules.answer.number',
    defaultMessage: 'Enter a number for “{question}”, such as 42 or 3.5',
  }),
  numberRange: defineMessage<{ question: string; range: Range; min: string; max: string }>({
    id: 'rules.answer.numberRange',
    defaultMessage:
      '{range, select, both {Enter a number from {min} to {max} for “{question}”} min {Enter a number of at least {min} for “{question}”} max {Enter a number of at most {max} for “{question}”} other {Enter a number for “{question}”}}',
  }),
  impossibleDate: defineMessage<{ question: string; impossible: string }>({
    id: 'rules.answer.impossibleDate',
    defaultMessage: 'Enter a date for “{question}”: {impossible}',
  }),
  date: defineMessage<{ question: string }>({
    id: 'rules.answer.date',
    defaultMessage: 'Enter a date for “{question}”, such as 2026-03-02',
  }),
  oneOption: defineMessage<{ question: string }>({
    id: 'rules.answer.oneOption',
    defaultMessage: 'Choose one of the options for “{question}”',
  }),
  options: defineMessage<{ question: string }>({
    id: 'rules.answer.options',
    defaultMessage: 'Choose options from the list for “{question}”',
  }),
  notAnOption: defineMessage<{ question: string; options: string }>({
    id: 'rules.answer.notAnOption',
    defaultMessage: '{options} is not an option of “{question}”',
  }),
  chosenTwice: defineMessage<{ question: string }>({
    id: 'rules.answer.chosenTwice',
    defaultMessage: 'An option is chosen twice for “{question}”',
  }),
  optionsRange: defineMessage<{ question: string; range: Range; min: string; max: string }>({
    id: 'rules.answer.optionsRange',
    defaultMessage:
      '{range, select, both {Choose from {min} to {max} options for “{question}”} min {Choose of at least {min} options for “{question}”} max {Choose of at most {max} options for “{question}”} other {Choose options for “{question}”}}',
  }),
  wholeNumber: defineMessage<{ question: string; min: string; max: string }>({
    id: 'rules.answer.wholeNumber',
    defaultMessage: 'Choose a whole number from {min} to {max} for “{question}”',
  }),
  yesNo: defineMessage<{ question: string }>({
    id: 'rules.answer.yesNo',
    defaultMessage: 'Choose yes or no for “{question}”',
  }),
  required: defineMessage<{ question: string }>({
    id: 'rules.answer.required',
    defaultMessage: 'Answer “{question}”',
  }),
  notInForm: defineMessage({
    id: 'rules.answer.notInForm',
    defaultMessage: 'This question is not part of the form',
  }),
  answeredTwice: defineMessage({
    id: 'rules.answer.answeredTwice',
    defaultMessage: 'This question is answered twice',
  }),
};

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

/** Which ends a range has, and their values, for a message that says it. */
function rangeValues(min: number | null | undefined, max: number | null | undefined) {
  const range: Range = min != null && max != null ? 'both' : min != null ? 'min' : max != null ? 'max' : 'none';
  return { range, min: String(min ?? ''), max: String(max ?? '') };
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

/** Why an answer is refused: a message naming the question, and its values. */
interface Refusal {
  said: RuleMessage;
  params: Record<string, IssueValue>;
}

/** One given answer checked against its question: why it is refused, or the answer as kept. */
function checkOne(q: Question, value: string): Refusal | CheckedAnswer {
  const ok = (number: number | null = null): CheckedAnswer => ({ questionId: q.id, value, number });
  const question = q.label;
  const no = (said: RuleMessage, params: Record<string, IssueValue> = {}): Refusal => ({
    said,
    params: { question, ...params },
  });
  switch (q.type) {
    case 'TEXT':
      return value.length > TEXT_MAX ? no(M.tooLong, { max: TEXT_MAX }) : ok();
    case 'TEXTAREA':
      return value.length > TEXTAREA_MAX ? no(M.tooLong, { max: TEXTAREA_MAX }) : ok();
    case 'NUMBER': {
      if (!DECIMAL.test(value)) return no(M.number);
      const n = Number(value);
      return inRange(n, q.min, q.max) ? ok(n) : no(M.numberRange, rangeValues(q.min, q.max));
    }
    case 'DATE': {
      if (validDate(value)) return ok();
      const impossible = impossibleDateValue(value);
      return impossible ? no(M.impossibleDate, { impossible }) : no(M.date);
    }
    case 'SINGLE_CHOICE':
      return q.options?.includes(value) ? ok() : no(M.oneOption);
    case 'MULTIPLE_CHOICE': {
      let picked: unknown;
      try {
        picked = JSON.parse(value);
      } catch {
        picked = null;
      }
      if (!Array.isArray(picked) || !picked.every((p): p is string => typeof p === 'string')) {
        return no(M.options);
      }
      const unknown = picked.filter((p) => !q.options?.includes(p));
      if (unknown.length) return no(M.notAnOption, { options: unknown.map((o) => `“${o}”`).join(', ') });
      if (new Set(picked).size !== picked.length) return no(M.chosenTwice);
      if (!inRange(picked.length, q.min, q.max)) return no(M.optionsRange, rangeValues(q.min, q.max));
      return { questionId: q.id, value: JSON.stringify(picked), number: null };
    }
    case 'RATING':
    case 'SCALE': {
      const { min, max } = choiceRange(q);
      const n = Number(value);
      return INTEGER.test(value) && inRange(n, min, max)
        ? ok(n)
        : no(M.wholeNumber, { min: String(min), max: String(max) });
    }
    case 'YES_NO':
      return value === 'yes' || value === 'no' ? ok() : no(M.yesNo);
  }
}

const refused = (result: Refusal | CheckedAnswer): result is Refusal => 'said' in result;

/** The issue of one question's answer, or null: what the app shows as the person leaves the question. */
export function answerIssue(q: Question, value: string | undefined): FieldIssue | null {
  const path = `answers.${q.id}`;
  if (isUnanswered(q, value)) return q.required ? issue(path, M.required, { question: q.label }) : null;
  const result = checkOne(q, value!.trim());
  return refused(result) ? issue(path, result.said, result.params) : null;
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
    if (!byId.has(a.questionId)) issues.push(issue(path, M.notInForm));
    else if (given.has(a.questionId)) issues.push(issue(path, M.answeredTwice));
    else given.set(a.questionId, a.value);
  }
  const checked: CheckedAnswer[] = [];
  const shown = shownQuestions(questions, given);
  for (const q of questions) {
    const value = given.get(q.id);
    if (!shown.has(q.id)) {
      // Not asked with these answers: an answer to it is refused, a required one is not required.
      if (!isUnanswered(q, value)) issues.push(hiddenIssue(`answers.${q.id}`, q, questions, given));
      continue;
    }
    if (isUnanswered(q, value)) {
      if (q.required) issues.push(issue(`answers.${q.id}`, M.required, { question: q.label }));
      continue;
    }
    const result = checkOne(q, value!.trim());
    if (refused(result)) issues.push(issue(`answers.${q.id}`, result.said, result.params));
    else checked.push(result);
  }
  if (issues.length) return { ok: false, issues };
  return { ok: true, answers: checked, unasked: questions.filter((q) => !shown.has(q.id)).map((q) => q.id) };
}

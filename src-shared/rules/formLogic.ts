import type { QuestionType } from '../wire/enums';
import type { Condition, ConditionOperator, Question, Section, ShowIf } from '../wire/forms';
import { defineMessage } from '@formatjs/intl';
import { issue, type FieldIssue, type IssueValue } from './fieldIssue';

const M = {
  answer: defineMessage<{ kind: 'yes' | 'no' | 'none' | 'given'; value: string }>({
    id: 'rules.form.answer',
    defaultMessage: '{kind, select, yes {Yes} no {No} none {not answered} other {{value}}}',
  }),
  hidden: defineMessage<{ question: string; answer: string }>({
    id: 'rules.form.hidden',
    defaultMessage: 'This question is not asked when “{question}” is {answer}',
  }),
  hiddenByAnswers: defineMessage({
    id: 'rules.form.hiddenByAnswers',
    defaultMessage: 'This question is not asked with the answers given',
  }),
  laterQuestion: defineMessage<{ question: string }>({
    id: 'rules.form.laterQuestion',
    defaultMessage: 'A condition may only use a question asked before: “{question}” comes later',
  }),
  missingQuestion: defineMessage({
    id: 'rules.form.missingQuestion',
    defaultMessage: 'A condition refers to a question that is not in the form',
  }),
  operator: defineMessage<{ operator: ConditionOperator; question: string; type: QuestionType }>({
    id: 'rules.form.operator',
    defaultMessage:
      '“{operator, select, equals {is} notEquals {is not} includes {includes} excludes {does not include} greaterThan {is more than} lessThan {is less than} answered {was answered} other {was not answered}}” cannot be asked of “{question}”: choose {type, select, TEXTAREA {“was answered”, “was not answered”} NUMBER {“is”, “is not”, “is more than”, “is less than”, “was answered”, “was not answered”} DATE {“is”, “is not”, “is more than”, “is less than”, “was answered”, “was not answered”} SINGLE_CHOICE {“is”, “is not”, “was answered”, “was not answered”} MULTIPLE_CHOICE {“includes”, “does not include”, “was answered”, “was not answered”} RATING {“is more than”, “is less than”, “was answered”, “was not answered”} SCALE {“is more than”, “is less than”, “was answered”, “was not answered”} YES_NO {“is”, “is not”, “was answered”, “was not answered”} other {“is”, “is not”, “was answered”, “was not answered”}}',
  }),
  compareWith: defineMessage<{ question: string }>({
    id: 'rules.form.compareWith',
    defaultMessage: 'Choose what “{question}” is compared with',
  }),
  compareOption: defineMessage<{ question: string }>({
    id: 'rules.form.compareOption',
    defaultMessage: 'Choose one of the options of “{question}”',
  }),
  compareYesNo: defineMessage<{ question: string }>({
    id: 'rules.form.compareYesNo',
    defaultMessage: 'Choose Yes or No for “{question}”',
  }),
  compareNumber: defineMessage<{ question: string }>({
    id: 'rules.form.compareNumber',
    defaultMessage: 'Enter a number to compare “{question}” with',
  }),
  compareDate: defineMessage<{ question: string }>({
    id: 'rules.form.compareDate',
    defaultMessage: 'Enter a date to compare “{question}” with, such as 2026-03-02',
  }),
};

// Which questions a form asks for a set of answers: one evaluator for the service, the app's
// fill-in and the builder's preview. A condition refers only to an earlier question, so one pass in
// order decides every question; a hidden question's answer counts as not given.

/** The operators each type of question can be compared with. */
export const OPERATORS_BY_TYPE: Record<QuestionType, readonly ConditionOperator[]> = {
  TEXT: ['equals', 'notEquals', 'answered', 'notAnswered'],
  TEXTAREA: ['answered', 'notAnswered'],
  NUMBER: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'answered', 'notAnswered'],
  DATE: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'answered', 'notAnswered'],
  SINGLE_CHOICE: ['equals', 'notEquals', 'answered', 'notAnswered'],
  MULTIPLE_CHOICE: ['includes', 'excludes', 'answered', 'notAnswered'],
  RATING: ['greaterThan', 'lessThan', 'answered', 'notAnswered'],
  SCALE: ['greaterThan', 'lessThan', 'answered', 'notAnswered'],
  YES_NO: ['equals', 'notEquals', 'answered', 'notAnswered'],
};

/** An operator as the builder and the messages say it. */
export const OPERATOR_WORDS: Record<ConditionOperator, string> = {
  equals: 'is',
  notEquals: 'is not',
  includes: 'includes',
  excludes: 'does not include',
  greaterThan: 'is more than',
  lessThan: 'is less than',
  answered: 'was answered',
  notAnswered: 'was not answered',
};

/** Operators that compare with no value. */
export const operatorNeedsValue = (op: ConditionOperator) => op !== 'answered' && op !== 'notAnswered';

type LogicQuestion = Pick<Question, 'id' | 'type' | 'label' | 'showIf' | 'section'> &
  Partial<Pick<Question, 'options'>>;

const blank = (type: QuestionType, v: string | undefined) => {
  const t = v?.trim() ?? '';
  return t === '' || (type === 'MULTIPLE_CHOICE' && t === '[]');
};

function picked(v: string): string[] {
  try {
    const list: unknown = JSON.parse(v);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether one condition holds for the earlier question's answer (undefined: not given, or hidden). */
export function conditionHolds(c: Condition, type: QuestionType, answer: string | undefined): boolean {
  const empty = blank(type, answer);
  if (c.operator === 'answered') return !empty;
  if (c.operator === 'notAnswered') return empty;
  // A comparison with no answer: only "is not" and "does not include" hold.
  if (empty) return c.operator === 'notEquals' || c.operator === 'excludes';
  const v = answer!.trim();
  const want = (c.value ?? '').trim();
  const numeric = type === 'NUMBER' || type === 'RATING' || type === 'SCALE';
  switch (c.operator) {
    case 'equals':
    case 'notEquals': {
      const same = numeric
        ? Number(v) === Number(want)
        : type === 'TEXT'
          ? v.toLocaleLowerCase() === want.toLocaleLowerCase()
          : v === want;
      return c.operator === 'equals' ? same : !same;
    }
    case 'includes':
      return picked(v).includes(want);
    case 'excludes':
      return !picked(v).includes(want);
    case 'greaterThan':
      return numeric ? Number(v) > Number(want) : v > want;
    case 'lessThan':
      return numeric ? Number(v) < Number(want) : v < want;
  }
}

function holds(
  showIf: ShowIf | null | undefined,
  types: ReadonlyMap<string, QuestionType>,
  given: ReadonlyMap<string, string>,
) {
  if (!showIf) return true;
  const each = (c: Condition) => conditionHolds(c, types.get(c.questionId) ?? 'TEXT', given.get(c.questionId));
  return showIf.match === 'all' ? showIf.conditions.every(each) : showIf.conditions.some(each);
}

/**
 * The ids of the questions asked for these answers, in form order: a question is asked when its
 * section is (the section's own condition) and its own condition holds; the answers of questions
 * not asked count as not given to those after them.
 */
export function shownQuestions(questions: readonly LogicQuestion[], answers: ReadonlyMap<string, string>): Set<string> {
  const shown = new Set<string>();
  const types = new Map<string, QuestionType>();
  const given = new Map<string, string>();
  let sectionShown = true;
  for (const q of questions) {
    types.set(q.id, q.type);
    if (q.section) sectionShown = holds(q.section.showIf, types, given);
    if (!sectionShown || !holds(q.showIf, types, given)) continue;
    shown.add(q.id);
    const answer = answers.get(q.id);
    if (answer !== undefined) given.set(q.id, answer);
  }
  return shown;
}

/** An answer as a sentence says it: "No", "Very likely", "Remote, Hybrid", "not answered". */
export function answerWords(q: Pick<LogicQuestion, 'type'>, value: string | undefined): string {
  if (blank(q.type, value)) return 'not answered';
  const v = value!.trim();
  if (q.type === 'YES_NO') return v === 'yes' ? 'Yes' : v === 'no' ? 'No' : v;
  if (q.type === 'MULTIPLE_CHOICE') return picked(v).join(', ') || 'not answered';
  return v;
}

/** A condition in words: "“Do you see yourself here in a year?” is No". */
export function conditionWords(c: Condition, about: Pick<LogicQuestion, 'label' | 'type'> | undefined): string {
  const label = about ? `“${about.label}”` : 'an earlier question';
  const value = operatorNeedsValue(c.operator) && about ? ` ${answerWords(about, c.value ?? '')}` : '';
  return `${label} ${OPERATOR_WORDS[c.operator]}${value}`;
}

/** A question's or section's condition in one line: "Shown if “…” is No and “…” was answered". */
export function showIfWords(showIf: ShowIf, questions: readonly LogicQuestion[]): string {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const parts = showIf.conditions.map((c) => conditionWords(c, byId.get(c.questionId)));
  return `Shown if ${parts.join(showIf.match === 'all' ? ' and ' : ' or ')}`;
}

/** An answer as a sentence says it, in the reader's language: a value of an issue. */
function answerValue(q: Pick<LogicQuestion, 'type'>, value: string | undefined): IssueValue {
  const v = value?.trim() ?? '';
  if (blank(q.type, value)) return { id: M.answer.id, values: { kind: 'none', value: '' } };
  if (q.type === 'YES_NO' && (v === 'yes' || v === 'no')) return { id: M.answer.id, values: { kind: v, value: '' } };
  const words = q.type === 'MULTIPLE_CHOICE' ? picked(v).join(', ') : v;
  return { id: M.answer.id, values: words ? { kind: 'given', value: words } : { kind: 'none', value: '' } };
}

/**
 * Why a question is not asked with these answers, at `path`, in words naming what hid it: "This
 * question is not asked when “Do you see yourself here in a year?” is Yes".
 */
export function hiddenIssue(
  path: string,
  q: LogicQuestion,
  questions: readonly LogicQuestion[],
  answers: ReadonlyMap<string, string>,
): FieldIssue {
  const index = questions.findIndex((x) => x.id === q.id);
  let section: LogicQuestion['section'] = null;
  for (let i = index; i >= 0 && !section; i--) section = questions[i]!.section ?? null;
  const hiding = section?.showIf && !q.showIf ? section.showIf : (q.showIf ?? section?.showIf);
  const about = hiding?.conditions[0];
  const earlier = about && questions.find((x) => x.id === about.questionId);
  if (!earlier) return issue(path, M.hiddenByAnswers);
  return issue(path, M.hidden, { question: earlier.label, answer: answerValue(earlier, answers.get(earlier.id)) });
}

/** What a condition (of question `index`, at `path`) breaks: a later or missing question, an operator or value its type has not. */
function conditionIssues(
  c: Condition,
  path: string,
  earlier: ReadonlyMap<string, LogicQuestion>,
  all: ReadonlyMap<string, LogicQuestion>,
): FieldIssue[] {
  const about = earlier.get(c.questionId);
  if (!about) {
    const later = all.get(c.questionId);
    const at = `${path}.questionId`;
    return [later ? issue(at, M.laterQuestion, { question: later.label }) : issue(at, M.missingQuestion)];
  }
  const question = about.label;
  if (!OPERATORS_BY_TYPE[about.type].includes(c.operator)) {
    return [issue(`${path}.operator`, M.operator, { operator: c.operator, question, type: about.type })];
  }
  if (!operatorNeedsValue(c.operator)) return [];
  const value = (c.value ?? '').trim();
  const bad = (message: typeof M.compareWith) => [issue(`${path}.value`, message, { question })];
  if (value === '') return bad(M.compareWith);
  switch (about.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return about.options?.includes(value) ? [] : bad(M.compareOption);
    case 'YES_NO':
      return value === 'yes' || value === 'no' ? [] : bad(M.compareYesNo);
    case 'NUMBER':
    case 'RATING':
    case 'SCALE':
      return /^-?\d+(\.\d+)?$/.test(value) ? [] : bad(M.compareNumber);
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? [] : bad(M.compareDate);
    default:
      return [];
  }
}

/**
 * What a form's conditions break, each at its path (`questions[2].showIf.conditions[0].questionId`):
 * a condition on a later or missing question, an operator its type has not, a value it cannot be.
 * The questions are as stored: in order, with their ids.
 */
export function logicIssues(
  questions: readonly LogicQuestion[],
  indexOf: (id: string) => number = (id) => questions.findIndex((q) => q.id === id),
): FieldIssue[] {
  const all = new Map(questions.map((q) => [q.id, q]));
  const earlier = new Map<string, LogicQuestion>();
  const issues: FieldIssue[] = [];
  for (const q of questions) {
    const at = `questions[${indexOf(q.id)}]`;
    q.section?.showIf?.conditions.forEach((c, j) =>
      issues.push(...conditionIssues(c, `${at}.section.showIf.conditions[${j}]`, earlier, all)),
    );
    q.showIf?.conditions.forEach((c, j) =>
      issues.push(...conditionIssues(c, `${at}.showIf.conditions[${j}]`, earlier, all)),
    );
    earlier.set(q.id, q);
  }
  return issues;
}

/** A form's sections in order: the questions before the first section (untitled), then each section's. */
export function sectionsOf<Q extends Pick<Question, 'section'>>(
  questions: readonly Q[],
): { section: Section | null; questions: Q[] }[] {
  const out: { section: Section | null; questions: Q[] }[] = [];
  for (const q of questions) {
    if (q.section || out.length === 0) out.push({ section: q.section ?? null, questions: [] });
    out[out.length - 1]!.questions.push(q);
  }
  return out;
}

import { defineMessage, type IntlShape } from 'react-intl';
import type { FormUpdate, Form, QuestionInput, QuestionType, ShowIf } from '@shared/wire';
import { numberOf, type TypedNumber } from '@renderer/components/ui';

/**
 * A question as the builder holds it: `key` stays while it is edited, `id` only once the service has
 * one; its range as typed (text that is not a number stays for the rulebook to refuse in words).
 */
export type EditableQuestion = Omit<QuestionInput, 'min' | 'max'> & {
  key: string;
  min: TypedNumber | null;
  max: TypedNumber | null;
};

/** What is sent before the rulebook has checked it: the numbers as typed. */
export type UncheckedUpdate = Omit<FormUpdate, 'maxSubmissions' | 'questions'> & {
  maxSubmissions: TypedNumber | null;
  questions?: (Omit<EditableQuestion, 'key'> & { order: number })[];
};

/** The question as it would be sent, for the preview: a range that is not a number yet is none. */
export function questionOf(q: EditableQuestion): QuestionInput {
  return { ...q, min: q.min === null ? null : numberOf(q.min), max: q.max === null ? null : numberOf(q.max) };
}

export interface EditableForm {
  title: string;
  description: string;
  isAnonymous: boolean;
  requireAuthentication: boolean;
  allowMultipleSubmissions: boolean;
  maxSubmissions: TypedNumber | null;
  openDate: string | null;
  closeDate: string | null;
  questions: EditableQuestion[];
}

let made = 0;
export const newKey = () => `q${Date.now().toString(36)}-${(made++).toString(36)}`;

const isLocal = (id: string) => id.startsWith('local-');

/** The builder's copy of a form; `keys` keeps the questions' keys by position (no remount when ids arrive). */
export function editableFrom(form: Form, keys: readonly string[] = []): EditableForm {
  const keyOf = form.questions.map((_, i) => keys[i] ?? newKey());
  // A question made on this computer has no id the service knows: its conditions' references to it
  // become its key (sent as its `ref`).
  const local = new Map(form.questions.flatMap((q, i) => (isLocal(q.id) ? [[q.id, keyOf[i]!] as const] : [])));
  const named = (showIf: ShowIf | null | undefined): ShowIf | null =>
    showIf
      ? {
          ...showIf,
          conditions: showIf.conditions.map((c) => ({ ...c, questionId: local.get(c.questionId) ?? c.questionId })),
        }
      : null;
  return {
    title: form.title,
    description: form.description ?? '',
    isAnonymous: form.isAnonymous,
    requireAuthentication: form.requireAuthentication,
    allowMultipleSubmissions: form.allowMultipleSubmissions,
    maxSubmissions: form.maxSubmissions,
    openDate: form.openDate ? form.openDate.slice(0, 10) : null,
    closeDate: form.closeDate ? form.closeDate.slice(0, 10) : null,
    questions: form.questions.map((q, i) => ({
      key: keyOf[i]!,
      ...(isLocal(q.id) ? {} : { id: q.id }),
      type: q.type,
      label: q.label,
      description: q.description ?? null,
      required: q.required,
      options: q.options ?? null,
      min: q.min ?? null,
      max: q.max ?? null,
      minLabel: q.minLabel ?? null,
      maxLabel: q.maxLabel ?? null,
      showIf: named(q.showIf),
      section: q.section ? { ...q.section, showIf: named(q.section.showIf) } : null,
    })),
  };
}

/** What is sent: the settings always, the questions only when they changed (a form with answers keeps its own). */
export function changesOf(f: EditableForm, withQuestions: boolean): UncheckedUpdate {
  return {
    title: f.title,
    description: f.description.trim() ? f.description : null,
    isAnonymous: f.isAnonymous,
    requireAuthentication: f.requireAuthentication,
    allowMultipleSubmissions: f.allowMultipleSubmissions,
    maxSubmissions: f.maxSubmissions,
    // A form opens at the start of its first day and takes answers to the end of its last.
    openDate: f.openDate ? `${f.openDate}T00:00:00.000Z` : null,
    closeDate: f.closeDate ? `${f.closeDate}T23:59:59.999Z` : null,
    // A new question is named by its key: its conditions' questionId until the service gives it an id.
    ...(withQuestions
      ? { questions: f.questions.map(({ key, ...q }, order) => ({ ...q, order, ...(q.id ? {} : { ref: key }) })) }
      : {}),
  };
}

/** The list with the item at `from` moved to `to` (questions, options). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The kinds of question, in the order the builder offers them. */
export const QUESTION_TYPES: readonly QuestionType[] = [
  'TEXT',
  'TEXTAREA',
  'NUMBER',
  'DATE',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'YES_NO',
  'RATING',
  'SCALE',
];

/** A kind of question in words: "Short text", "One choice", … */
export const QUESTION_TYPE_NAME = defineMessage<{ type: QuestionType }>({
  id: 'forms.questionType',
  defaultMessage:
    '{type, select, TEXT {Short text} TEXTAREA {Long text} NUMBER {Number} DATE {Date} SINGLE_CHOICE {One choice} MULTIPLE_CHOICE {Several choices} YES_NO {Yes or no} RATING {Rating 1–5} SCALE {Scale} other {{type}}}',
});

/** A choice's option by its place: "Option 2" (the words a new option starts with, and its field's name). */
export const OPTION_NUMBER = defineMessage<{ number: number }>({
  id: 'forms.option.number',
  defaultMessage: 'Option {number}',
});

/** A new question of a type, with what it needs to be valid at once (a choice's options in the reader's words). */
export function blankQuestion(type: QuestionType, intl: IntlShape): EditableQuestion {
  const choice = type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';
  return {
    key: newKey(),
    type,
    label: '',
    description: null,
    required: false,
    options: choice
      ? [intl.formatMessage(OPTION_NUMBER, { number: 1 }), intl.formatMessage(OPTION_NUMBER, { number: 2 })]
      : null,
    min: type === 'SCALE' ? 0 : null,
    max: type === 'SCALE' ? 10 : null,
    minLabel: null,
    maxLabel: null,
  };
}

/** The question changed to another type: what no longer applies goes. */
export function retyped(q: EditableQuestion, type: QuestionType, intl: IntlShape): EditableQuestion {
  const blank = blankQuestion(type, intl);
  const keepsOptions = blank.options && q.options?.length;
  return {
    ...q,
    type,
    options: keepsOptions ? q.options! : blank.options,
    min: type === 'NUMBER' ? q.min : blank.min,
    max: type === 'NUMBER' ? q.max : blank.max,
    minLabel: type === 'SCALE' || type === 'RATING' ? q.minLabel : null,
    maxLabel: type === 'SCALE' || type === 'RATING' ? q.maxLabel : null,
  };
}

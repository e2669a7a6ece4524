import { dayValue } from '../calendar/dates';
import type { z } from 'zod';
import type { FormStatus } from '../wire/enums';
import type { Question, QuestionInput } from '../wire/forms';
import { formFieldsSchema, RATING_RANGE, SCALE_DEFAULT_RANGE } from '../wire/forms';
import { defineMessage } from '@formatjs/intl';
import type { MessageRef } from '../i18n/format';
import { issue, refuseIn, type FieldIssue } from './fieldIssue';
import { logicIssues } from './formLogic';

const M = {
  closeBeforeOpen: defineMessage({
    id: 'rules.form.closeBeforeOpen',
    defaultMessage: 'The closing date is before the opening date',
  }),
  questionNotInForm: defineMessage({
    id: 'rules.form.questionNotInForm',
    defaultMessage: 'This question is not part of the form',
  }),
  unknownRecipient: defineMessage<{ kind: 'user' | 'department' }>({
    id: 'rules.form.unknownRecipient',
    defaultMessage: 'No such {kind, select, department {department} other {user}} in this organization',
  }),
  questionTwice: defineMessage({ id: 'rules.form.questionTwice', defaultMessage: 'This question appears twice' }),
};

/** The moves a form's status may make: DRAFT → PUBLISHED → CLOSED, and CLOSED → PUBLISHED to reopen. */
export const FORM_STATUS_MOVES: Record<FormStatus, readonly FormStatus[]> = {
  DRAFT: ['PUBLISHED'],
  PUBLISHED: ['CLOSED'],
  CLOSED: ['PUBLISHED'],
};

const STATUS = {
  move: defineMessage<{ from: FormStatus; to: FormStatus }>({
    id: 'rules.form.statusMove',
    defaultMessage:
      'A form that is {from, select, DRAFT {a draft} PUBLISHED {published} other {closed}} cannot become {to, select, DRAFT {a draft} PUBLISHED {published} other {closed}}',
  }),
  newForm: defineMessage({
    id: 'rules.form.newFormStatus',
    defaultMessage: 'A new form starts as a draft or published',
  }),
  questionsLocked: defineMessage({
    id: 'rules.form.questionsLocked',
    defaultMessage: 'This form has answers, so its questions can no longer change',
  }),
  anonymityLocked: defineMessage({
    id: 'rules.form.anonymityLocked',
    defaultMessage: 'This form has answers, so whether it is anonymous can no longer change',
  }),
  takesNoAnswers: defineMessage<{ status: FormStatus }>({
    id: 'rules.form.takesNoAnswers',
    defaultMessage:
      '{status, select, DRAFT {This form is not published yet and takes no answers} other {This form is closed and takes no answers}}',
  }),
  opensOn: defineMessage<{ date: number }>({
    id: 'rules.form.opensOn',
    defaultMessage: 'This form opens on {date, date, long}',
  }),
  closedOn: defineMessage<{ date: number }>({
    id: 'rules.form.closedOn',
    defaultMessage: 'This form closed on {date, date, long}',
  }),
};

/** Why a form cannot move from one status to another, or null when it can (a state rule: 409 / CONFLICT). */
export function statusMoveRef(from: FormStatus, to: FormStatus): MessageRef | null {
  if (from === to || FORM_STATUS_MOVES[from].includes(to)) return null;
  return { id: STATUS.move.id, values: { from, to } };
}

/** A new form starts as a draft or published. */
export const newFormStatusRef = (status: FormStatus | undefined): MessageRef | null =>
  status === 'CLOSED' ? { id: STATUS.newForm.id } : null;

export const QUESTIONS_LOCKED_REF: MessageRef = { id: STATUS.questionsLocked.id };
export const ANONYMITY_LOCKED_REF: MessageRef = { id: STATUS.anonymityLocked.id };
/** A form sent to a person or department not of the organization. */
export const unknownRecipientIssue = (path: string, kind: 'user' | 'department'): FieldIssue =>
  issue(path, M.unknownRecipient, { kind });
/** A closing date before the opening date, on the closing date. */
export const closeBeforeOpenIssue = (): FieldIssue => issue('closeDate', M.closeBeforeOpen);

function closeAfterOpen(
  f: { openDate?: string | null | undefined; closeDate?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (f.openDate && f.closeDate && Date.parse(f.closeDate) < Date.parse(f.openDate)) {
    refuseIn(ctx, closeBeforeOpenIssue());
  }
}

/** A new form's body: the wire's fields, and a closing date not before the opening date. */
export const formCreateSchema = formFieldsSchema.superRefine(closeAfterOpen);
/** A form's changes: any of the fields, checked the same way. */
export const formUpdateSchema = formFieldsSchema.partial().superRefine(closeAfterOpen);

/** Whether two question lists ask the same things (rewriting them unchanged is allowed on a form with answers). */
export function sameQuestions(a: readonly Question[], b: readonly Question[]): boolean {
  const asked = (qs: readonly Question[]) =>
    JSON.stringify(
      qs.map((q) => [
        q.id,
        q.type,
        q.label,
        q.description ?? null,
        q.required,
        q.options ?? null,
        q.min ?? null,
        q.max ?? null,
        q.minLabel ?? null,
        q.maxLabel ?? null,
        q.order,
      ]),
    );
  return asked(a) === asked(b);
}

/** Why a form takes no answers at this moment, or null when it does (a state rule: 409 / CONFLICT). */
export function formClosedRef(
  form: { status: FormStatus; openDate: string | null; closeDate: string | null },
  now: number,
): MessageRef | null {
  if (form.status !== 'PUBLISHED') return { id: STATUS.takesNoAnswers.id, values: { status: form.status } };
  if (form.openDate && now < Date.parse(form.openDate))
    return { id: STATUS.opensOn.id, values: { date: dayValue(form.openDate) } };
  if (form.closeDate && now > Date.parse(form.closeDate))
    return { id: STATUS.closedOn.id, values: { date: dayValue(form.closeDate) } };
  return null;
}

/**
 * Questions as stored: ids kept for questions that already belong to the form, new ids (from
 * `newId`) for the rest, order by position unless given, the fixed ranges of RATING and SCALE filled in.
 */
export function questionsAsStored(
  inputs: QuestionInput[],
  existing: readonly Question[],
  newId: () => string,
): { ok: true; questions: Question[] } | { ok: false; issues: FieldIssue[] } {
  const known = new Set(existing.map((q) => q.id));
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  const ids = inputs.map((q) => q.id ?? newId());
  // A new question's `ref` stands for the id it is given, in the conditions of the same save.
  const byRef = new Map(inputs.flatMap((q, i) => (q.ref && q.id === undefined ? [[q.ref, ids[i]!] as const] : [])));
  const resolved = (showIf: QuestionInput['showIf']) =>
    showIf
      ? {
          ...showIf,
          conditions: showIf.conditions.map((c) => ({ ...c, questionId: byRef.get(c.questionId) ?? c.questionId })),
        }
      : null;
  const questions = inputs.map((q, i): Question => {
    if (q.id !== undefined) {
      if (!known.has(q.id)) issues.push(issue(`questions[${i}].id`, M.questionNotInForm));
      if (seen.has(q.id)) issues.push(issue(`questions[${i}].id`, M.questionTwice));
      seen.add(q.id);
    }
    const range =
      q.type === 'RATING'
        ? RATING_RANGE
        : q.type === 'SCALE'
          ? { min: q.min ?? SCALE_DEFAULT_RANGE.min, max: q.max ?? SCALE_DEFAULT_RANGE.max }
          : { min: q.min ?? null, max: q.max ?? null };
    return {
      id: ids[i]!,
      type: q.type,
      label: q.label,
      description: q.description ?? null,
      required: q.required,
      options: q.type === 'SINGLE_CHOICE' || q.type === 'MULTIPLE_CHOICE' ? (q.options ?? []) : null,
      min: range.min,
      max: range.max,
      // End labels belong to the questions answered on a line of numbers.
      minLabel: q.type === 'RATING' || q.type === 'SCALE' ? q.minLabel || null : null,
      maxLabel: q.type === 'RATING' || q.type === 'SCALE' ? q.maxLabel || null : null,
      order: q.order ?? i,
      showIf: resolved(q.showIf),
      section: q.section
        ? { ...q.section, description: q.section.description ?? null, showIf: resolved(q.section.showIf) }
        : null,
    };
  });
  if (issues.length) return { ok: false, issues };
  const ordered = questions.sort((a, b) => a.order - b.order).map((q, i) => ({ ...q, order: i }));
  const inputIndex = new Map(ids.map((id, i) => [id, i]));
  const logic = logicIssues(ordered, (id) => inputIndex.get(id)!);
  return logic.length ? { ok: false, issues: logic } : { ok: true, questions: ordered };
}

/** Why a form's questions may not be replaced by these, or null: the lock once it has answers. */
export function questionLockRef(
  form: { responseCount: number; questions: Question[] },
  inputs: QuestionInput[],
): MessageRef | null {
  if (form.responseCount === 0) return null;
  const next = questionsAsStored(inputs, form.questions, () => '');
  return next.ok && sameQuestions(next.questions, form.questions) ? null : QUESTIONS_LOCKED_REF;
}

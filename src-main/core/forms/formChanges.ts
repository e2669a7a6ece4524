import { defineMessage } from '@formatjs/intl';
import { randomUUID } from 'node:crypto';
import { toInstant } from '@shared/calendar/dates';
import { givenFields } from '@shared/records/givenFields';
import { questionsAsStored } from '@shared/rules';
import type {
  Answer,
  AssignedForm,
  Distribute,
  Form,
  FormCreate,
  FormUpdate,
  Question,
  QuestionInput,
} from '@shared/wire';
import { changeKind, LOCAL_ID_PREFIX, WHAT_I_DID } from '../sync/changeKind';

// The queued changes of forms: an admin's form made, changed, deleted or sent out, and answers to a
// form sent to me. They go one at a time, in order: answers count against the form's limits.

function questionsFrom(inputs: QuestionInput[] | undefined, existing: Question[]): Question[] {
  if (!inputs) return existing;
  // As the service will store them (the rulebook's), new questions with local ids until it has.
  const stored = questionsAsStored(inputs, existing, () => `${LOCAL_ID_PREFIX}${randomUUID()}`);
  return stored.ok ? stored.questions : existing;
}

export const formChanges = {
  'form.submit': changeKind<{ answers: Answer[] }, 'assigned_forms'>({
    entity: 'assigned_forms',
    name: defineMessage({ id: 'core.change.form.submit', defaultMessage: 'Form answers' }),
    apply: (r, op) =>
      r && ({ ...r, submitted: true, submittedAt: r.isAnonymous ? null : op.createdAt } satisfies AssignedForm),
    // Answers given offline carry the time they were given (the service checks it).
    request: (op, id) => ({
      method: 'POST',
      path: `api/forms/submit/${id}`,
      json: { ...op.payload, submittedAt: op.createdAt },
    }),
    checksVersion: false,
    accepted: 'settled',
    whatIDid: WHAT_I_DID.it,
    editable: true,
  }),
  'form.create': changeKind<FormCreate, 'forms'>({
    entity: 'forms',
    name: defineMessage({ id: 'core.change.form.create', defaultMessage: 'New form' }),
    apply: (_r, op, actor) => {
      const f = op.payload;
      return {
        id: op.entityId!,
        title: f.title,
        description: f.description ?? null,
        isAnonymous: f.isAnonymous ?? false,
        requireAuthentication: f.requireAuthentication ?? true,
        allowMultipleSubmissions: f.allowMultipleSubmissions ?? false,
        maxSubmissions: f.maxSubmissions ?? null,
        openDate: toInstant(f.openDate),
        closeDate: toInstant(f.closeDate),
        status: f.status ?? 'DRAFT',
        questions: questionsFrom(f.questions, []),
        responseCount: 0,
        createdBy: actor.userId,
        createdAt: op.createdAt,
        updatedAt: op.createdAt,
        version: 0,
      } satisfies Form;
    },
    request: (op) => ({ method: 'POST', path: 'api/forms', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.it,
    editable: true,
  }),
  'form.update': changeKind<FormUpdate, 'forms'>({
    entity: 'forms',
    name: defineMessage({ id: 'core.change.form.update', defaultMessage: 'Change to a form' }),
    apply: (r, op) => {
      if (!r) return null;
      const { questions, ...c } = op.payload;
      return {
        ...r,
        ...givenFields({
          ...c,
          openDate: c.openDate === undefined ? undefined : toInstant(c.openDate),
          closeDate: c.closeDate === undefined ? undefined : toInstant(c.closeDate),
        }),
        questions: questionsFrom(questions, r.questions),
        updatedAt: op.createdAt,
      };
    },
    request: (op, id) => ({ method: 'PUT', path: `api/forms/${id}`, json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    role: 'update',
    whatIDid: WHAT_I_DID.change,
    editable: true,
  }),
  'form.delete': changeKind<Record<string, never>, 'forms'>({
    entity: 'forms',
    name: defineMessage({ id: 'core.change.form.delete', defaultMessage: 'Deleted form' }),
    apply: () => null,
    request: (_op, id) => ({ method: 'DELETE', path: `api/forms/${id}` }),
    checksVersion: true,
    accepted: 'gone',
    role: 'delete',
    whatIDid: WHAT_I_DID.deleting,
    editable: false,
  }),
  'form.distribute': changeKind<Distribute, 'forms'>({
    entity: 'forms',
    name: defineMessage({ id: 'core.change.form.distribute', defaultMessage: 'Sending a form' }),
    apply: (r) => r,
    request: (op, id) => ({ method: 'POST', path: `api/forms/${id}/distribute`, json: op.payload }),
    checksVersion: false,
    accepted: 'nothing',
    whatIDid: WHAT_I_DID.sending,
    editable: false,
  }),
};

import { defineMessages } from '@formatjs/intl';
import type { FormsCalls, MyForm, MyFormState } from '@shared/appApi';
import { checkAnswers, formClosedRef } from '@shared/rules';
import { submissionSchema, type AssignedForm } from '@shared/wire';
import { sayRef, speak } from '../api/language';
import { currentId, readEffective } from '../cache/entities';
import {
  assignedForms,
  draftTimes,
  dropDraft,
  readDraft,
  readSent,
  recordSent,
  saveDraft,
  sentTimes,
} from './formStore';
import { dropOperation, operationsByRecord, operationsFor, rebase } from '../sync/outboxStore';
import type { Operation } from '../sync/operations';
import { AppFailure, checkInput, refuse } from '../app/appError';
import { localChange, requireAccount, type BackendContext } from '../app/openAccount';
import { queueIn } from '../app/queueChange';
import type { HandlerMap } from '../app/handlerMap';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  answered: { id: 'core.forms.answered', defaultMessage: 'You have already answered this form' },
});

type MyFormCalls = Pick<
  FormsCalls,
  'forms.assigned' | 'forms.draft' | 'forms.saveDraft' | 'forms.discardDraft' | 'forms.sentAnswers' | 'forms.submit'
>;

/** Where a form sent to me stands, the first that holds: what I sent comes before what the form allows. */
function stateOf(form: AssignedForm, ops: Operation[], draftSavedAt: string | null, now: number): MyFormState {
  if (ops.some((op) => op.state === 'conflict')) return 'refused';
  if (ops.length) return 'waiting';
  if (form.submitted && !form.allowMultipleSubmissions) return 'sent';
  if (form.status === 'CLOSED' || (form.closeDate && now > Date.parse(form.closeDate))) return 'closed';
  if (form.openDate && now < Date.parse(form.openDate)) return 'notOpen';
  if (form.full) return 'full';
  return draftSavedAt ? 'draft' : 'open';
}

/** The forms sent to me, answered in place: drafts kept here as I type, answers queued when sent. */
export function myFormHandlers(ctx: BackendContext): HandlerMap<MyFormCalls> {
  const at = () => ctx.now().toISOString();
  return {
    'forms.assigned': async () => {
      const { db } = requireAccount(ctx);
      const forms = assignedForms(db);
      const ops = operationsByRecord(db, 'assigned_forms');
      const drafts = draftTimes(db);
      const sentHere = sentTimes(db);
      const now = ctx.now().getTime();
      return forms.map((form): MyForm => {
        const own = ops.get(form.id) ?? [];
        const draftSavedAt = drafts.get(form.id) ?? null;
        const sent = sentHere.get(form.id);
        const state = stateOf(form, own, draftSavedAt, now);
        const refused = own.find((op) => op.state === 'conflict');
        const issues = refused?.conflict?.issues ?? [];
        return {
          ...form,
          state,
          draftSavedAt,
          sentAt:
            [sent?.sentAt, form.submittedAt]
              .filter((t): t is string => !!t)
              .sort()
              .pop() ?? null,
          refusal: refused?.conflict?.message ?? null,
          refusalIssues: Object.fromEntries(
            issues.filter((i) => i.path.startsWith('answers.')).map((i) => [i.path.slice(8), i.message]),
          ),
          refusedAnswers: refused
            ? Object.fromEntries(
                (refused.payload as { answers: { questionId: string; value: string }[] }).answers.map((a) => [
                  a.questionId,
                  a.value,
                ]),
              )
            : null,
          answersKept: !!sent?.kept && !form.isAnonymous,
        };
      });
    },

    'forms.draft': async ({ formId }) => {
      const { db } = requireAccount(ctx);
      return readDraft(db, currentId(db, formId));
    },

    'forms.saveDraft': async ({ formId, answers }) => {
      const savedAt = at();
      localChange(ctx, ['formDrafts'], ({ db }) => saveDraft(db, currentId(db, formId), answers, savedAt));
      return { savedAt };
    },

    'forms.discardDraft': async ({ formId }) => {
      localChange(ctx, ['formDrafts'], ({ db }) => dropDraft(db, currentId(db, formId)));
      return null;
    },

    'forms.sentAnswers': async ({ formId }) => {
      const { db } = requireAccount(ctx);
      const sent = readSent(db, currentId(db, formId));
      return sent?.answers ? { answers: sent.answers, sentAt: sent.sentAt } : null;
    },

    /** Answers go out with the next sync; a form that closed meanwhile becomes a conflict that keeps them. */
    'forms.submit': async ({ formId, answers }) => {
      const body = checkInput(submissionSchema, { answers });
      const sentAt = at();
      localChange(ctx, ['assignedForms', 'formDrafts'], (account) => {
        const id = currentId(account.db, formId);
        // Sent again after the service refused it: the refused answers give way to these.
        const refused = operationsFor(account.db, 'assigned_forms', id).filter((op) => op.state === 'conflict');
        for (const op of refused) dropOperation(account.db, op.seq);
        if (refused.length) rebase(account.db, 'assigned_forms', id, account.actor);
        const form = readEffective(account.db, 'assigned_forms', id);
        // Each submission is its own change; none folds into another.
        queueIn(
          account,
          {
            kind: 'form.submit',
            id: formId,
            payload: body,
            guard: () => {
              if (!form) return;
              if (form.submitted && !form.allowMultipleSubmissions) {
                throw new AppFailure('CONFLICT', speak(REFUSALS.answered));
              }
              const closed = formClosedRef(form, ctx.now().getTime());
              if (closed) throw new AppFailure('CONFLICT', sayRef(closed));
              const checked = checkAnswers(form.questions, body.answers);
              if (!checked.ok) refuse(checked.issues);
            },
          },
          sentAt,
        );
        dropDraft(account.db, id);
        const kept = Object.fromEntries(body.answers.map((a) => [a.questionId, a.value]));
        recordSent(account.db, id, form?.isAnonymous ? null : kept, sentAt);
      });
      return null;
    },
  };
}

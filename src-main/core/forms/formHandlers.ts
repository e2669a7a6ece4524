import { defineMessages } from '@formatjs/intl';
import { distributeSchema, type Form, type Question, type QuestionInput } from '@shared/wire';
import { sayRef, speak } from '../api/language';
import { currentId, readEffective } from '../cache/entities';
import { AppFailure, checkInput, refuse } from '../app/appError';
import {
  newFormStatusRef,
  questionLockRef,
  statusMoveRef,
  formCreateSchema,
  formUpdateSchema,
  questionsAsStored,
} from '@shared/rules';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import { formsPage, responsesPage } from './formStore';
import type { HandlerMap } from '../app/handlerMap';
import type { FormsCalls } from '@shared/appApi';
import { formInsights, textAnswers } from './formInsights';
import { NetworkError } from '../api/apiErrors';
import { isLocalId } from '../sync/operations';
import { anonymousTime, SMALLEST_ANONYMOUS_GROUP } from '@shared/records/anonymity';

// The handlers' refusals and notes, in the page's language.
const REFUSALS = defineMessages({
  adminsOnly: { id: 'core.forms.adminsOnly', defaultMessage: 'Forms are managed by admins' },
  gone: { id: 'core.forms.gone', defaultMessage: 'This form no longer exists' },
  onlyPublished: { id: 'core.forms.onlyPublished', defaultMessage: 'Only a published form can be sent' },
  notSynced: {
    id: 'core.forms.notSynced',
    defaultMessage: 'This form is not on the service yet: it can be exported once it is synced',
  },
  responsesWithheld: {
    id: 'core.forms.responsesWithheld',
    defaultMessage:
      'This form is anonymous: its responses are shown once {count} people have answered, so that no one can be recognised. Its analytics count them already.',
  },
  exportOffline: {
    id: 'core.forms.exportOffline',
    defaultMessage: 'Exporting takes the service’s copy of the answers, and the service cannot be reached now',
  },
});

function requireAdmin(account: OpenAccount): void {
  if (account.role !== 'ADMIN') throw new AppFailure('FORBIDDEN', speak(REFUSALS.adminsOnly));
}

type AdminFormCalls = Omit<
  FormsCalls,
  'forms.assigned' | 'forms.draft' | 'forms.saveDraft' | 'forms.discardDraft' | 'forms.sentAnswers' | 'forms.submit'
>;

/** The service's refusals of a form's questions, checked before a change is queued: its conditions too. */
function requireStorable(questions: QuestionInput[] | undefined, existing: readonly Question[]): void {
  if (!questions) return;
  let made = 0;
  const stored = questionsAsStored(questions, existing, () => `checked-${++made}`);
  if (!stored.ok) refuse(stored.issues);
}

/** Building forms, sending them, and reading their answers: an admin's. */
export function formHandlers(ctx: BackendContext): HandlerMap<AdminFormCalls> {
  const adminForm = (account: OpenAccount, id: string): Form => {
    requireAdmin(account);
    const form = readEffective(account.db, 'forms', id);
    if (!form) throw new AppFailure('NOT_FOUND', speak(REFUSALS.gone));
    return form;
  };

  return {
    'forms.list': async (q) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      return formsPage(account.db, q);
    },

    'forms.get': async ({ id: asked }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const id = currentId(account.db, asked);
      return readEffective(account.db, 'forms', id);
    },

    'forms.create': async (input) => {
      const fields = checkInput(formCreateSchema, input);
      const badStart = newFormStatusRef(fields.status);
      if (badStart) throw new AppFailure('CONFLICT', sayRef(badStart));
      return queueChange(ctx, ['forms'], {
        kind: 'form.create',
        id: 'new',
        payload: fields,
        guard: (account) => {
          requireAdmin(account);
          requireStorable(fields.questions, []);
        },
      })!;
    },

    'forms.update': async ({ id: asked, changes }) => {
      const fields = checkInput(formUpdateSchema, changes);
      return queueChange(ctx, ['forms'], {
        kind: 'form.update',
        id: asked,
        payload: fields,
        guard: (account, id) => {
          const form = adminForm(account, id);
          const badMove = fields.status && statusMoveRef(form.status, fields.status);
          if (badMove) throw new AppFailure('CONFLICT', sayRef(badMove));
          const locked = fields.questions && questionLockRef(form, fields.questions);
          if (locked) throw new AppFailure('CONFLICT', sayRef(locked));
          requireStorable(fields.questions, form.questions);
        },
      })!;
    },

    'forms.delete': async ({ id: asked }) => {
      queueChange(ctx, ['forms'], { kind: 'form.delete', id: asked, payload: {}, guard: adminForm });
      return null;
    },

    'forms.distribute': async ({ id: asked, ...target }) => {
      const body = checkInput(distributeSchema, target);
      queueChange(ctx, ['forms'], {
        kind: 'form.distribute',
        id: asked,
        payload: body,
        guard: (account, id) => {
          if (adminForm(account, id).status !== 'PUBLISHED') {
            throw new AppFailure('CONFLICT', speak(REFUSALS.onlyPublished));
          }
        },
      });
      return null;
    },

    'forms.responses': async ({ id: asked, page, pageSize }) => {
      const account = requireAccount(ctx);
      const form = adminForm(account, currentId(account.db, asked));
      const list = responsesPage(account.db, form.id, { page, pageSize });
      if (!form.isAnonymous) return list;
      // In a small team one anonymous response, or the time it came, can say who gave it.
      if (list.meta.total < SMALLEST_ANONYMOUS_GROUP) {
        return {
          data: [],
          meta: { ...list.meta, totalPages: 0 },
          withheld: speak(REFUSALS.responsesWithheld, { count: SMALLEST_ANONYMOUS_GROUP }),
        };
      }
      return { ...list, data: list.data.map((r) => ({ ...r, submittedAt: anonymousTime(r.submittedAt) })) };
    },

    'forms.exportCsv': async ({ id: asked }) => {
      const account = requireAccount(ctx);
      const form = adminForm(account, currentId(account.db, asked));
      if (isLocalId(form.id)) {
        throw new AppFailure('CONFLICT', speak(REFUSALS.notSynced));
      }
      try {
        const res = await account.client.request<string>(`api/forms/${encodeURIComponent(form.id)}/responses.csv`, {
          headers: { accept: 'text/csv' },
        });
        const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
        return { fileName: named ?? 'responses.csv', text: String(res.body) };
      } catch (error) {
        if (error instanceof NetworkError) {
          throw new AppFailure('OFFLINE', speak(REFUSALS.exportOffline));
        }
        throw error;
      }
    },

    'forms.textAnswers': async ({ id: asked, questionId, search, ...filter }) => {
      const account = requireAccount(ctx);
      const form = adminForm(account, currentId(account.db, asked));
      return textAnswers(account.db, form, questionId, search, filter);
    },

    'forms.analytics': async ({ id: asked, ...filter }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const form = readEffective(account.db, 'forms', currentId(account.db, asked));
      return form ? formInsights(account.db, form, filter) : null;
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  distributeSchema,
  formCreateSchema,
  formUpdateSchema,
  submissionSchema,
  type AssignedForm,
  type Form,
  type FormAnalytics,
  type FormResponse,
} from '../../../../src-shared/wire';
import { currentId, readBase, readEffective } from '../../cache/entities';
import { enqueue } from '../../sync/outbox';
import { LOCAL_ID_PREFIX } from '../../sync/operations';
import { AppFailure, checkInput, refuse } from '../appError';
import {
  checkAnswers,
  formClosedMessage,
  newFormStatusMessage,
  questionLockMessage,
  statusMoveMessage,
} from '../../../../src-shared/rules';
import { localChange, requireAccount, type BackendContext, type OpenAccount } from '../openAccount';
import { cachePage } from './cachePage';
import type { HandlerMap } from './handlerMap';
import type { FormsCalls } from '../../../../src-shared/appApi';

function requireAdmin(account: OpenAccount): void {
  if (account.role !== 'ADMIN') throw new AppFailure('FORBIDDEN', 'Forms are managed by admins');
}

export function formHandlers(ctx: BackendContext): HandlerMap<FormsCalls> {
  const at = () => ctx.now().toISOString();
  const adminForm = (account: OpenAccount, id: string): Form => {
    requireAdmin(account);
    const form = readEffective(account.db, 'forms', id);
    if (!form) throw new AppFailure('NOT_FOUND', 'This form no longer exists');
    return form;
  };

  return {
    'forms.assigned': async () =>
      (
        requireAccount(ctx)
          .db.prepare('SELECT json FROM assigned_forms WHERE json IS NOT NULL ORDER BY position, id')
          .all() as { json: string }[]
      ).map((r) => JSON.parse(r.json) as AssignedForm),

    /** Answers go out with the next sync; a form that closed meanwhile becomes a conflict that keeps them. */
    'forms.submit': async ({ formId, answers }) => {
      const body = checkInput(submissionSchema, { answers });
      localChange(ctx, ['assignedForms'], (account) => {
        const form = readEffective(account.db, 'assigned_forms', formId);
        if (form) {
          if (form.submitted && !form.allowMultipleSubmissions) {
            throw new AppFailure('CONFLICT', 'You have already answered this form');
          }
          const closed = formClosedMessage(form, ctx.now().getTime());
          if (closed) throw new AppFailure('CONFLICT', closed);
          const checked = checkAnswers(form.questions, body.answers);
          if (!checked.ok) refuse(checked.issues);
        }
        // Each submission is its own change; none folds into another.
        enqueue(account.db, { kind: 'form.submit', entityId: formId, payload: body, at: at() }, account.actor);
      });
      return null;
    },

    'forms.list': async ({ status, search, page, pageSize }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const where = ['json IS NOT NULL'];
      const params: unknown[] = [];
      if (status) {
        where.push('status = ?');
        params.push(status);
      }
      if (search?.trim()) {
        where.push("title LIKE ? ESCAPE '\\'");
        params.push(`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      return cachePage<Form>(account.db, {
        from: `FROM forms WHERE ${where.join(' AND ')}`,
        params,
        orderBy: 'created_at DESC, id DESC',
        page,
        pageSize,
      });
    },

    'forms.get': async ({ id: asked }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const id = currentId(account.db, asked);
      return readEffective(account.db, 'forms', id);
    },

    'forms.create': async (input) => {
      const fields = checkInput(formCreateSchema, input);
      const badStart = newFormStatusMessage(fields.status);
      if (badStart) throw new AppFailure('CONFLICT', badStart);
      return localChange(ctx, ['forms'], (account) => {
        requireAdmin(account);
        const id = `${LOCAL_ID_PREFIX}${randomUUID()}`;
        enqueue(account.db, { kind: 'form.create', entityId: id, payload: fields, at: at() }, account.actor);
        return readEffective(account.db, 'forms', id)!;
      });
    },

    'forms.update': async ({ id: asked, changes }) => {
      const fields = checkInput(formUpdateSchema, changes);
      return localChange(ctx, ['forms'], (account) => {
        const id = currentId(account.db, asked);
        const form = adminForm(account, id);
        const badMove = fields.status && statusMoveMessage(form.status, fields.status);
        if (badMove) throw new AppFailure('CONFLICT', badMove);
        const locked = fields.questions && questionLockMessage(form, fields.questions);
        if (locked) throw new AppFailure('CONFLICT', locked);
        const baseVersion = readBase(account.db, 'forms', id)?.version ?? null;
        enqueue(
          account.db,
          { kind: 'form.update', entityId: id, payload: fields, baseVersion, at: at() },
          account.actor,
        );
        return readEffective(account.db, 'forms', id)!;
      });
    },

    'forms.delete': async ({ id: asked }) => {
      localChange(ctx, ['forms'], (account) => {
        const id = currentId(account.db, asked);
        adminForm(account, id);
        const baseVersion = readBase(account.db, 'forms', id)?.version ?? null;
        enqueue(account.db, { kind: 'form.delete', entityId: id, payload: {}, baseVersion, at: at() }, account.actor);
      });
      return null;
    },

    'forms.distribute': async ({ id: asked, ...target }) => {
      const body = checkInput(distributeSchema, target);
      localChange(ctx, ['forms'], (account) => {
        const id = currentId(account.db, asked);
        const form = adminForm(account, id);
        if (form.status !== 'PUBLISHED') throw new AppFailure('CONFLICT', 'Only a published form can be sent');
        enqueue(account.db, { kind: 'form.distribute', entityId: id, payload: body, at: at() }, account.actor);
      });
      return null;
    },

    'forms.responses': async ({ id: asked, page, pageSize }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const id = currentId(account.db, asked);
      return cachePage<FormResponse>(account.db, {
        from: 'FROM form_responses WHERE form_id = ?',
        params: [id],
        orderBy: 'submitted_at DESC, id DESC',
        page,
        pageSize,
      });
    },

    'forms.analytics': async ({ id: asked }) => {
      const account = requireAccount(ctx);
      requireAdmin(account);
      const id = currentId(account.db, asked);
      const row = account.db.prepare('SELECT json FROM form_analytics WHERE form_id = ?').get(id) as
        { json: string } | undefined;
      return row ? (JSON.parse(row.json) as FormAnalytics) : null;
    },
  };
}

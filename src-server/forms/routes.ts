import { formAssignedWords } from '@shared/records/notificationWords';
import { NO_CONTENT } from '../http/openapi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toInstant } from '@shared/calendar/dates';
import {
  distributeSchema,
  formListQuerySchema,
  type AssignedForm,
  type Form,
  assignedFormListSchema,
  distributeResultSchema,
  formListSchema,
  formSchema,
  questionListSchema,
} from '@shared/wire';
import { requireRole } from '../access/scope';
import { newId } from '../db/ids';
import { checkIfMatch, sendRecord } from '../http/etag';
import { givenFields } from '@shared/records/givenFields';
import { defineMessage } from '@formatjs/intl';
import { conflict, invalid, notFound, ref } from '../http/problem';

const ONLY_PUBLISHED_SENT = defineMessage<{ status: string }>({
  id: 'service.forms.onlyPublishedSent',
  defaultMessage:
    'Only a published form can be sent; this one is {status, select, DRAFT {DRAFT} CLOSED {CLOSED} other {{status}}}',
});
import { parseInput } from '../http/validate';
import { notify } from '../notifications/notify';
import { existingDepartmentIds } from '../departments/departmentStore';
import { existingUserIds } from '../users/userStore';
import {
  deleteForm,
  findForm,
  formPage,
  formsSentTo,
  insertDistribution,
  publicView,
  recipientIds,
  replaceQuestions,
  writeForm,
} from './formStore';
import { normalizeQuestions } from './questions';
import {
  ANONYMITY_LOCKED_REF,
  closeBeforeOpenIssue,
  newFormStatusRef,
  QUESTIONS_LOCKED_REF,
  sameQuestions,
  statusMoveRef,
  unknownRecipientIssue,
  formCreateSchema,
  formUpdateSchema,
} from '@shared/rules';
import { lastSubmission } from './responseStore';
import { hasSubmitted } from './submissions';
import { bodies } from '../http/examples';

const idParams = z.object({ id: z.string().min(1) });

async function adminForm(request: FastifyRequest, id: string): Promise<Form> {
  requireRole(request.caller, 'ADMIN');
  const form = await findForm(request.tenant, id);
  if (!form) throw notFound('form');
  return form;
}

export function registerFormRoutes(app: FastifyInstance): void {
  const now = () => app.hr.clock.now();

  app.get(
    '/api/forms',
    {
      schema: {
        summary: 'Forms of the organization, paged (ADMIN)',
        response: { 200: formListSchema },
        querystring: formListQuerySchema,
      },
    },
    async (request) => {
      requireRole(request.caller, 'ADMIN');
      const q = parseInput(formListQuerySchema, request.query, 'query');
      return formPage(request.tenant, { status: q.status, search: q.search }, q);
    },
  );

  app.post(
    '/api/forms',
    { schema: { summary: 'Create a form (ADMIN)', response: { 201: formSchema }, body: bodies.formCreate } },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(formCreateSchema, request.body, 'body');
      const badStart = newFormStatusRef(body.status);
      if (badStart) throw conflict(badStart);
      const at = now().toISOString();
      const form: Form = {
        id: newId(),
        title: body.title,
        description: body.description ?? null,
        isAnonymous: body.isAnonymous ?? false,
        requireAuthentication: body.requireAuthentication ?? true,
        allowMultipleSubmissions: body.allowMultipleSubmissions ?? false,
        maxSubmissions: body.maxSubmissions ?? null,
        openDate: toInstant(body.openDate),
        closeDate: toInstant(body.closeDate),
        status: body.status ?? 'DRAFT',
        questions: normalizeQuestions(body.questions ?? [], []),
        responseCount: 0,
        createdBy: request.caller.userId,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      await request.tenant.transaction(async () => {
        await writeForm(request.tenant, form);
        await replaceQuestions(request.tenant, form.id, form.questions);
      });
      reply.code(201).header('location', `/api/forms/${form.id}`);
      return sendRecord(reply, form);
    },
  );

  /** Forms sent to the caller that they can answer now (ext): what an employee's app shows. */
  app.get(
    '/api/forms/assigned',
    { schema: { summary: 'Forms the caller is asked to answer', response: { 200: assignedFormListSchema } } },
    async (request): Promise<{ data: AssignedForm[] }> => {
      const { tenant, caller } = request;
      return tenant.transaction(async () => {
        const data = [];
        for (const form of await formsSentTo(tenant, caller.userId)) {
          const submittedAt = form.isAnonymous ? null : await lastSubmission(tenant, form.id, caller.userId);
          data.push({
            ...publicView(form),
            submitted: submittedAt !== null || (form.isAnonymous && (await hasSubmitted(tenant, form, caller.userId))),
            submittedAt,
            full: form.maxSubmissions !== null && form.responseCount >= form.maxSubmissions,
          });
        }
        return { data };
      });
    },
  );

  app.get(
    '/api/forms/:id',
    { schema: { summary: 'One form', response: { 200: formSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      return sendRecord(reply, await adminForm(request, id));
    },
  );

  app.put(
    '/api/forms/:id',
    {
      config: { ifMatch: true },
      schema: { summary: 'Change a form (ADMIN)', response: { 200: formSchema }, body: bodies.formUpdate },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(formUpdateSchema, request.body, 'body');
      const { tenant } = request;
      const updated = await tenant.transaction(async () => {
        const current = await adminForm(request, id);
        checkIfMatch(request, current, current);
        const badMove = body.status && statusMoveRef(current.status, body.status);
        if (badMove) throw conflict(badMove);
        let questions = current.questions;
        if (body.questions) {
          questions = normalizeQuestions(body.questions, current.questions);
          if (current.responseCount > 0 && !sameQuestions(questions, current.questions))
            throw conflict(QUESTIONS_LOCKED_REF);
        }
        const { questions: _given, ...fields } = body;
        const next: Form = {
          ...current,
          ...givenFields({
            ...fields,
            openDate: fields.openDate === undefined ? undefined : toInstant(fields.openDate),
            closeDate: fields.closeDate === undefined ? undefined : toInstant(fields.closeDate),
          }),
          questions,
          updatedAt: now().toISOString(),
          version: current.version + 1,
        };
        if (current.responseCount > 0 && next.isAnonymous !== current.isAnonymous) {
          throw conflict(ANONYMITY_LOCKED_REF);
        }
        if (next.openDate && next.closeDate && next.closeDate < next.openDate) {
          throw invalid([closeBeforeOpenIssue()]);
        }
        await writeForm(tenant, next);
        if (body.questions) await replaceQuestions(tenant, id, questions);
        return next;
      });
      return sendRecord(reply, updated);
    },
  );

  app.delete(
    '/api/forms/:id',
    { config: { ifMatch: true }, schema: { summary: 'Delete a form (ADMIN)', response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant } = request;
      await tenant.transaction(async () => {
        const current = await adminForm(request, id);
        checkIfMatch(request, current, current);
        await deleteForm(tenant, id);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/forms/:id/questions',
    { schema: { summary: "A form's questions", response: { 200: questionListSchema } } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const form = await findForm(request.tenant, id);
      // Members see a form's questions only while it is open to them; its existence stays hidden otherwise.
      if (!form || (form.status !== 'PUBLISHED' && request.caller.role !== 'ADMIN')) throw notFound('form');
      return { data: form.questions };
    },
  );

  app.post(
    '/api/forms/:id/distribute',
    {
      schema: {
        summary: 'Send a form to people, departments or everyone (ADMIN)',
        response: { 200: distributeResultSchema },
        body: bodies.distribute,
      },
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const body = parseInput(distributeSchema, request.body, 'body');
      const { tenant } = request;
      return tenant.transaction(async () => {
        const form = await adminForm(request, id);
        if (form.status !== 'PUBLISHED') throw conflict(ref(ONLY_PUBLISHED_SENT, { status: form.status }));
        const userIds = body.userIds ?? [];
        const departmentIds = body.departmentIds ?? [];
        const errors = [
          ...unknownIds(userIds, await existingUserIds(tenant, userIds)).map((i) =>
            unknownRecipientIssue(`userIds[${i}]`, 'user'),
          ),
          ...unknownIds(departmentIds, await existingDepartmentIds(tenant, departmentIds)).map((i) =>
            unknownRecipientIssue(`departmentIds[${i}]`, 'department'),
          ),
        ];
        if (errors.length) throw invalid(errors);
        const at = now();
        const recipients = await recipientIds(
          tenant,
          { all: !!body.all, userIds, departmentIds },
          at.toISOString().slice(0, 10),
        );
        for (const userId of recipients) {
          await insertDistribution(tenant, form.id, userId, at.toISOString());
          await notify(
            tenant,
            {
              userId,
              type: 'FORM_ASSIGNED',
              words: formAssignedWords(form.title, form.closeDate),
              data: { formId: form.id },
              // Sending again reaches new people only; nobody is notified twice for one form.
              dedupeKey: `form-assigned:${form.id}`,
            },
            at,
          );
        }
        return { distributedTo: recipients.length };
      });
    },
  );
}

/** Indexes of the ids not found. */
function unknownIds(ids: readonly string[], found: ReadonlySet<string>): number[] {
  return ids.flatMap((id, i) => (found.has(id) ? [] : [i]));
}

import { defineMessage } from '@formatjs/intl';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { anonymousTime, SMALLEST_ANONYMOUS_GROUP } from '@shared/records/anonymity';
import { answerCell } from '@shared/records/answerText';
import {
  pagedQuerySchema,
  type Form,
  type FormResponse,
  type List,
  formAnalyticsSchema,
  formResponseListSchema,
} from '@shared/wire';
import { requireRole } from '../access/scope';
import type { TenantDb } from '../db/tenantDb';
import { listMeta } from '../db/engine/pages';
import { conflict, notFound, ref } from '../http/problem';
import { formatIn, requestLocale } from '../i18n/language';
import { parseInput } from '../http/validate';
import { formAnalytics } from './analytics';
import { csvDocument } from '@shared/records/csv';
import { findForm } from './formStore';
import { answersOf, responseRows, unaskedOf } from './responseStore';

const idParams = z.object({ id: z.string().min(1) });

const M = {
  tooFew: defineMessage<{ count: number }>({
    id: 'service.forms.tooFewToExport',
    defaultMessage:
      'This form is anonymous: its responses can be exported once {count} people have answered, so that no one can be recognised',
  }),
  // The export's headers, in the reader's language; the questions' titles are the organization's own.
  responseId: defineMessage({ id: 'service.forms.csv.responseId', defaultMessage: 'Response ID' }),
  submittedOn: defineMessage({ id: 'service.forms.csv.submittedOn', defaultMessage: 'Submitted on (UTC)' }),
  submittedAt: defineMessage({ id: 'service.forms.csv.submittedAt', defaultMessage: 'Submitted at (UTC)' }),
  respondent: defineMessage({ id: 'service.forms.csv.respondent', defaultMessage: 'Respondent' }),
  email: defineMessage({ id: 'service.forms.csv.email', defaultMessage: 'Email' }),
};
const responsesQuerySchema = pagedQuerySchema({});

/** Said beside `/api/forms/submit/{formId}` and `/api/forms/public/{id}`, which a linter finds ambiguous with these. */
const NOT_A_WORD =
  "`{id}` is a form's id, never `submit` or `public`: those begin paths of their own (answering a form, " +
  'reading a public one), which the service matches first.';

async function adminForm(request: FastifyRequest): Promise<Form> {
  requireRole(request.caller, 'ADMIN');
  const { id } = parseInput(idParams, request.params, 'path');
  const form = await findForm(request.tenant, id);
  if (!form) throw notFound('form');
  return form;
}

/** "2026-11-24 09:15:00": a time a spreadsheet reads as one; an anonymous answer's day alone. */
const cellTime = (form: Form, iso: string) =>
  form.isAnonymous ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** Responses with their answers: one query for the page, one for all its answers. */
async function readResponses(
  tenant: TenantDb,
  form: Form,
  order: 'newest' | 'oldest',
  page?: { limit: number; offset: number },
): Promise<FormResponse[]> {
  const rows = await responseRows(tenant, form, order, page);
  const ids = rows.map((r) => r.id);
  const answers = await answersOf(tenant, ids);
  const unasked = new Map<string, string[]>();
  for (const u of await unaskedOf(tenant, ids))
    unasked.set(u.response_id, [...(unasked.get(u.response_id) ?? []), u.question_id]);
  const byResponse = new Map<string, { questionId: string; value: string }[]>(rows.map((r) => [r.id, []]));
  const position = new Map(form.questions.map((q) => [q.id, q.order]));
  for (const a of answers) byResponse.get(a.response_id)!.push({ questionId: a.question_id, value: a.value });
  return rows.map((r) => ({
    id: r.id,
    submittedAt: form.isAnonymous ? anonymousTime(r.submitted_at) : r.submitted_at,
    respondent:
      // Anonymous forms never store one; a respondent whose account was deleted shows as unknown.
      r.respondent_id && r.email
        ? { id: r.respondent_id, name: `${r.first_name} ${r.last_name}`, email: r.email }
        : null,
    answers: byResponse
      .get(r.id)!
      .sort((x, y) => (position.get(x.questionId) ?? 0) - (position.get(y.questionId) ?? 0)),
    ...(unasked.has(r.id) ? { unasked: unasked.get(r.id)! } : {}),
  }));
}

export function registerResponseRoutes(app: FastifyInstance): void {
  app.get(
    '/api/forms/:id/responses',
    {
      schema: {
        summary: "A form's responses, newest first (ADMIN)",
        description: NOT_A_WORD,
        response: { 200: formResponseListSchema },
        querystring: responsesQuerySchema,
      },
    },
    async (request): Promise<List<FormResponse>> => {
      const form = await adminForm(request);
      const q = parseInput(responsesQuerySchema, request.query, 'query');
      return request.tenant.transaction(async () => ({
        data: await readResponses(request.tenant, form, 'newest', {
          limit: q.pageSize,
          offset: (q.page - 1) * q.pageSize,
        }),
        meta: listMeta(q, form.responseCount),
      }));
    },
  );

  /** Every response as CSV (ext): one row per response, one column per question. */
  app.get(
    '/api/forms/:id/responses.csv',
    {
      config: { errors: { 409: 'An anonymous form is exported only once enough people have answered.' } },
      schema: {
        summary: "A form's responses as CSV (ADMIN)",
        description: NOT_A_WORD,
        response: {
          200: {
            description: 'One row per response, one column per question',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const form = await adminForm(request);
      if (form.isAnonymous && form.responseCount < SMALLEST_ANONYMOUS_GROUP) {
        throw conflict(ref(M.tooFew, { count: SMALLEST_ANONYMOUS_GROUP }));
      }
      const responses = await request.tenant.transaction(
        async () => await readResponses(request.tenant, form, 'oldest'),
      );
      const locale = requestLocale(request);
      const say = formatIn(locale);
      const header = [
        say(M.responseId.id),
        say(form.isAnonymous ? M.submittedOn.id : M.submittedAt.id),
        ...(form.isAnonymous ? [] : [say(M.respondent.id), say(M.email.id)]),
        ...form.questions.map((q) => q.label),
      ];
      const rows = responses.map((r) => {
        const byQuestion = new Map(r.answers.map((a) => [a.questionId, a.value]));
        return [
          r.id,
          cellTime(form, r.submittedAt),
          ...(form.isAnonymous ? [] : [r.respondent?.name ?? '', r.respondent?.email ?? '']),
          ...form.questions.map((q) => answerCell(q.type, byQuestion.get(q.id))),
        ];
      });
      const filename = `${form.title.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'form'}-responses.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-language', locale)
        .header('vary', 'Accept-Language')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csvDocument([header, ...rows]));
    },
  );

  app.get(
    '/api/forms/:id/analytics',
    {
      schema: {
        summary: "A form's analytics (ADMIN)",
        description: NOT_A_WORD,
        response: { 200: formAnalyticsSchema },
      },
    },
    async (request) => formAnalytics(request.tenant, await adminForm(request)),
  );
}

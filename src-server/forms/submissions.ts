import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { anonymousTime } from '@shared/records/anonymity';
import {
  submissionSchema,
  type Form,
  type SubmissionReceipt,
  publicFormSchema,
  submissionReceiptSchema,
} from '@shared/wire';
import { offlineActionTime } from '../http/offlineTime';
import { newId } from '../db/ids';
import type { Engine } from '../db/engine/engine';
import { TenantDb } from '../db/tenantDb';
import type { IdempotencyScope } from '../http/idempotency';
import { defineMessage } from '@formatjs/intl';
import { conflict, invalid, notFound, ref, unauthorized } from '../http/problem';
import { parseInput } from '../http/validate';
import { serviceSecret } from '../system/secrets';
import { checkAnswers, formClosedRef } from '@shared/rules';
import { findForm, formOrganization, publicView, responseCountOf } from './formStore';
import { hasSubmitter, insertResponse, insertSubmitter, lastSubmission } from './responseStore';
import { bodies } from '../http/examples';

const M = {
  signIn: defineMessage({ id: 'service.forms.signInToAnswer', defaultMessage: 'Sign in to answer this form' }),
  limit: defineMessage<{ count: number }>({
    id: 'service.forms.limitReached',
    defaultMessage: 'This form has reached its limit of {count} responses',
  }),
  answered: defineMessage({
    id: 'service.forms.alreadyAnswered',
    defaultMessage: 'You have already answered this form',
  }),
};

const formParams = z.object({ formId: z.string().min(1) });
const idParams = z.object({ id: z.string().min(1) });

/** Why a linter's "ambiguous paths" beside `/api/forms/{id}/…` are not: said in the document itself. */
const LITERAL_SEGMENT = (word: string) =>
  `\`${word}\` is a word of this path, not a form's id: the service matches a literal segment before \`{id}\`, ` +
  `and no form's id is \`${word}\`, so this path never means \`/api/forms/{id}/…\`.`;

/** A keyed hash of (form, person): enough to refuse a second anonymous answer, nothing to find the answer by. */
export async function submitterHash(engine: Engine, formId: string, userId: string): Promise<string> {
  let secret = secrets.get(engine);
  if (!secret) secrets.set(engine, (secret = serviceSecret(engine, 'submitter_secret')));
  return createHmac('sha256', await secret)
    .update(`${formId}:${userId}`)
    .digest('base64url');
}
const secrets = new WeakMap<Engine, Promise<Buffer>>();

export async function hasSubmitted(tenant: TenantDb, form: Form, userId: string): Promise<boolean> {
  if (form.isAnonymous) return hasSubmitter(tenant, form.id, await submitterHash(tenant.engine, form.id, userId));
  return (await lastSubmission(tenant, form.id, userId)) !== null;
}

interface Target {
  tenant: TenantDb;
  form: Form;
}

const targets = new WeakMap<FastifyRequest, Target | null>();

/**
 * The form a submission is for, and its organization: the caller's when signed in (another
 * organization's form is 404), else the form's own, for public forms answered without a token.
 */
async function submissionTarget(engine: Engine, request: FastifyRequest): Promise<Target | null> {
  if (targets.has(request)) return targets.get(request)!;
  // Refused in words (400) when not an id at all: text no store can keep must not reach the query.
  const { formId } = parseInput(formParams, request.params, 'path');
  const organizationId = request.optionalCaller
    ? request.optionalCaller.organizationId
    : await formOrganization(engine, formId);
  const tenant = organizationId && (request.optionalCaller ? request.tenant : new TenantDb(engine, organizationId));
  const form = tenant && (await findForm(tenant, formId));
  const target: Target | null = tenant && form ? { tenant, form } : null;
  targets.set(request, target);
  return target;
}

export function registerSubmissionRoutes(app: FastifyInstance): void {
  const { engine } = app.hr;

  /** Anonymous answers and answers without a token are keyed by no one: no record names their author. */
  const idempotencyScope = async (request: FastifyRequest): Promise<IdempotencyScope | null> => {
    const target = await submissionTarget(engine, request);
    if (!target) return null;
    const caller = request.optionalCaller;
    return { tenant: target.tenant, owner: target.form.isAnonymous || !caller ? 'anonymous' : caller.userId };
  };

  app.post(
    '/api/forms/submit/:formId',
    {
      config: { auth: 'optional', idempotencyScope },
      schema: {
        summary: 'Answer a form (a token is needed unless the form is public)',
        description: LITERAL_SEGMENT('submit'),
        response: { 201: submissionReceiptSchema },
        body: bodies.submission,
      },
    },
    async (request, reply) => {
      const target = await submissionTarget(engine, request);
      if (!target) throw notFound('form');
      const { tenant, form } = target;
      const caller = request.optionalCaller;
      // A form a member cannot see stays hidden, as for its questions.
      if (form.status === 'DRAFT' && caller?.role !== 'ADMIN') throw notFound('form');
      if (form.requireAuthentication && !caller) throw unauthorized(ref(M.signIn));
      const body = parseInput(submissionSchema, request.body, 'body');
      const now = app.hr.clock.now();
      const closed = formClosedRef(form, now.getTime());
      if (closed) throw conflict(closed);
      const checked = checkAnswers(form.questions, body.answers);
      if (!checked.ok) throw invalid(checked.issues);

      const given = offlineActionTime(body.submittedAt, now, form.updatedAt);
      // An anonymous answer keeps its day and no finer time, in its id either: in a small team the
      // minute it arrived says who gave it.
      const dayOnly = form.isAnonymous ? anonymousTime(given) : null;
      const receipt: SubmissionReceipt = {
        id: dayOnly ? newId(Date.parse(dayOnly)) : newId(),
        formId: form.id,
        submittedAt: dayOnly ?? given,
      };
      // One write transaction: the limit and the one-answer rule are checked and written together
      // (SQLite's write lock; on PostgreSQL the organization's turn, which TenantDb takes first).
      const hash = form.isAnonymous && caller ? await submitterHash(engine, form.id, caller.userId) : null;
      await tenant.transaction(async () => {
        const count = await responseCountOf(tenant, form.id);
        if (form.maxSubmissions !== null && count >= form.maxSubmissions) {
          throw conflict(ref(M.limit, { count: form.maxSubmissions }));
        }
        if (caller && !form.allowMultipleSubmissions) {
          if (await hasSubmitted(tenant, form, caller.userId)) throw conflict(ref(M.answered));
          if (hash) await insertSubmitter(tenant, form.id, hash);
        }
        await insertResponse(
          tenant,
          {
            id: receipt.id,
            formId: form.id,
            respondentId: form.isAnonymous || !caller ? null : caller.userId,
            submittedAt: receipt.submittedAt,
          },
          checked.answers,
          checked.unasked,
        );
      }, 'write');
      return reply.code(201).send(receipt);
    },
  );

  app.get(
    '/api/forms/public/:id',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'A public form, to answer without signing in',
        description: LITERAL_SEGMENT('public'),
        response: { 200: publicFormSchema },
      },
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const organizationId = await formOrganization(engine, id);
      const form = organizationId && (await findForm(new TenantDb(engine, organizationId), id));
      if (!form || form.status !== 'PUBLISHED' || form.requireAuthentication) throw notFound('form');
      return publicView(form);
    },
  );
}

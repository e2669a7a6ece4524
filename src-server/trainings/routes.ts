import { NO_CONTENT } from '../http/openapi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  trainingListQuerySchema,
  trainingPatchSchema,
  type Training,
  trainingListSchema,
  trainingSchema,
} from '@shared/wire';
import { listScope, requireInScope } from '../access/scope';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { checkIfMatch, sendRecord } from '../http/etag';
import { newTraining } from '@shared/records/newTraining';
import { withTrainingChanges } from '@shared/records/trainingChanges';
import { conflict, invalid, issueDetail, notFound } from '../http/problem';
import { parseInput } from '../http/validate';
import {
  checkTrainingMove,
  trainingDateIssues,
  trainingTimingIssues,
  unknownTrainingPersonIssue,
  trainingCreateSchema,
  trainingUpdateSchema,
} from '@shared/rules';
import { utcToday } from '@shared/calendar/dates';
import { findPerson } from '../users/userStore';
import { checkExpiringTraining } from './expiringTrainings';
import { referenceErrors } from './references';
import { deleteTraining, findTraining, trainingPage, writeTraining, type TrainingFilter } from './trainingStore';
import { bodies } from '../http/examples';

const idParams = z.object({ id: z.string().min(1) });

/** The training, if it is in the organization (else 404) and in the caller's scope (else 403). */
async function trainingInScope(request: FastifyRequest, id: string): Promise<Training> {
  const training = await findTraining(request.tenant, id);
  const owner = training && (await findPerson(request.tenant, training.userId));
  if (!training || !owner) throw notFound('training');
  requireInScope(request.caller, owner, 'trainings');
  return training;
}

async function checkReferences(
  tenant: TenantDb,
  t: Pick<Training, 'typeId' | 'categoryId' | 'providerId'>,
): Promise<void> {
  const errors = await referenceErrors(tenant, [
    { path: 'typeId', kind: 'type', id: t.typeId },
    { path: 'categoryId', kind: 'category', id: t.categoryId },
    { path: 'providerId', kind: 'provider', id: t.providerId },
  ]);
  if (errors.length) throw invalid(errors);
}

export function registerTrainingRoutes(app: FastifyInstance): void {
  const now = () => app.hr.clock.now();

  app.get(
    '/api/trainings',
    {
      schema: {
        summary: 'Trainings the caller may see, paged, filtered and sorted',
        response: { 200: trainingListSchema },
        querystring: trainingListQuerySchema,
      },
    },
    async (request) => {
      const q = parseInput(trainingListQuerySchema, request.query, 'query');
      const { tenant, caller } = request;
      const filter: TrainingFilter = { search: q.search, status: q.status };
      if (q.userId) {
        const person = await findPerson(tenant, q.userId);
        if (!person) throw notFound('user');
        requireInScope(caller, person, 'trainings');
        filter.userId = q.userId;
      } else {
        filter.scope = listScope(caller);
      }
      return trainingPage(tenant, filter, { by: q.sortBy, order: q.sortOrder }, q);
    },
  );

  app.post(
    '/api/trainings',
    { schema: { summary: 'Record a training', response: { 201: trainingSchema }, body: bodies.trainingCreate } },
    async (request, reply) => {
      const body = parseInput(trainingCreateSchema, request.body, 'body');
      const { tenant, caller } = request;
      const userId = body.userId ?? caller.userId;
      const owner = await findPerson(tenant, userId);
      if (!owner) throw invalid([unknownTrainingPersonIssue()]);
      requireInScope(caller, owner, 'person');
      const at = now().toISOString();
      const training = newTraining(body, { id: newId(), userId, at, version: 1 });
      await tenant.transaction(async () => {
        await checkReferences(tenant, training);
        await writeTraining(tenant, training);
        await checkExpiringTraining(tenant, training, now());
      });
      reply.code(201).header('location', `/api/trainings/${training.id}`);
      return sendRecord(reply, training);
    },
  );

  app.get(
    '/api/trainings/:id',
    { schema: { summary: 'One training', response: { 200: trainingSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      return sendRecord(reply, await trainingInScope(request, id));
    },
  );

  app.put(
    '/api/trainings/:id',
    {
      config: { ifMatch: true },
      schema: { summary: 'Replace a training', response: { 200: trainingSchema }, body: bodies.trainingUpdate },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const body = parseInput(trainingUpdateSchema, request.body, 'body');
      const { tenant } = request;
      const updated = await tenant.transaction(async () => {
        const current = await trainingInScope(request, id);
        checkIfMatch(request, current, current);
        const next: Training = {
          ...withTrainingChanges(current, body, now().toISOString()),
          version: current.version + 1,
        };
        const dateIssues = [...trainingDateIssues(next), ...trainingTimingIssues(current, next, utcToday(now()))];
        if (dateIssues.length) throw invalid(dateIssues);
        await checkReferences(tenant, next);
        await writeTraining(tenant, next);
        await checkExpiringTraining(tenant, next, now());
        return next;
      });
      return sendRecord(reply, updated);
    },
  );

  app.patch(
    '/api/trainings/:id',
    {
      config: { ifMatch: true },
      schema: {
        summary: 'Change some fields of a training',
        response: { 200: trainingSchema },
        body: bodies.trainingPatch,
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const body = parseInput(trainingPatchSchema, request.body, 'body');
      const { tenant } = request;
      const updated = await tenant.transaction(async () => {
        const current = await trainingInScope(request, id);
        checkIfMatch(request, current, current);
        const move = checkTrainingMove(current, body, utcToday(now()));
        if (!move.ok) throw move.conflict ? conflict(issueDetail(move.issue), [move.issue]) : invalid([move.issue]);
        const next: Training = {
          ...current,
          ...move.next,
          updatedAt: now().toISOString(),
          version: current.version + 1,
        };
        await writeTraining(tenant, next);
        return next;
      });
      return sendRecord(reply, updated);
    },
  );

  app.delete(
    '/api/trainings/:id',
    { config: { ifMatch: true }, schema: { summary: 'Delete a training', response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant } = request;
      await tenant.transaction(async () => {
        const current = await trainingInScope(request, id);
        checkIfMatch(request, current, current);
        await deleteTraining(tenant, id);
      });
      return reply.code(204).send();
    },
  );
}

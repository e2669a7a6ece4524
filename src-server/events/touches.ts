import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../access/scope';
import { isStorableText } from '@shared/rules';
import { findTraining } from '../trainings/trainingStore';
import type { EventList, Touch } from './eventHub';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a write answered (its record), kept for the change events. */
    written?: unknown;
    /** Whose record a delete took away, read before it went. */
    ownerBefore?: string | null;
  }
}

interface Written {
  caller: Caller | null;
  /** The answer's record, when the route answered one. */
  body: { userId?: string; status?: string } | null;
  ownerBefore: string | null;
}

const touch = (list: EventList, owner: string | null | undefined, to: Touch['to']): Touch => ({
  list,
  owner: owner ?? null,
  to,
});

/**
 * What each write tells whom, by route: the lists it changed and who may see the change (never its
 * content). A route that is not here changes nothing a list shows.
 */
const TOUCHES: Record<string, (w: Written) => Touch[]> = {
  'POST /api/leave': ({ body }) => [
    touch('leave', body?.userId, 'scope'),
    touch('calendar', body?.userId, 'scope'),
    touch('notifications', body?.userId, 'manager'),
  ],
  'PUT /api/leave/:id': ({ body }) => [touch('leave', body?.userId, 'scope'), touch('calendar', body?.userId, 'scope')],
  // Only the owner withdraws, and only a pending request: the department never saw it.
  'DELETE /api/leave/:id': ({ caller }) => [
    touch('leave', caller?.userId, 'scope'),
    touch('calendar', caller?.userId, 'scope'),
  ],
  'PUT /api/leave/:id/status': ({ body }) => [
    touch('leave', body?.userId, 'scope'),
    touch('calendar', body?.userId, body?.status === 'APPROVED' ? 'department' : 'scope'),
    touch('notifications', body?.userId, 'owner'),
  ],
  'PUT /api/leave/policy': () => [touch('leave', null, 'everyone')],
  'POST /api/leave/allocations': ({ body }) => [touch('leave', body?.userId, 'scope')],
  'POST /api/trainings': ({ body }) => [touch('trainings', body?.userId, 'scope')],
  'PUT /api/trainings/:id': ({ body }) => [touch('trainings', body?.userId, 'scope')],
  'PATCH /api/trainings/:id': ({ body }) => [touch('trainings', body?.userId, 'scope')],
  'DELETE /api/trainings/:id': ({ ownerBefore }) => [touch('trainings', ownerBefore, 'scope')],
  'PUT /api/notifications/:id/read': ({ caller }) => [touch('notifications', caller?.userId, 'owner')],
  'PUT /api/notifications/read-all': ({ caller }) => [touch('notifications', caller?.userId, 'owner')],
  'POST /api/users': () => [touch('people', null, 'everyone'), touch('calendar', null, 'everyone')],
  'POST /api/users/import': ({ body }) =>
    (body as { dryRun?: boolean } | null)?.dryRun
      ? []
      : [touch('people', null, 'everyone'), touch('calendar', null, 'everyone')],
  'PUT /api/users/:id': () => [touch('people', null, 'everyone'), touch('calendar', null, 'everyone')],
  'PUT /api/organization': () => [touch('people', null, 'everyone')],
  // Joining makes an invited person active (the route names the organization: it has no caller).
  'POST /api/auth/invitations/accept': () => [touch('people', null, 'everyone')],
  'POST /api/departments': () => [touch('people', null, 'everyone')],
  'PUT /api/departments/:id': () => [touch('people', null, 'everyone'), touch('calendar', null, 'everyone')],
  'DELETE /api/departments/:id': () => [touch('people', null, 'everyone')],
  'POST /api/forms': () => [touch('forms', null, 'everyone')],
  'PUT /api/forms/:id': () => [touch('forms', null, 'everyone')],
  'DELETE /api/forms/:id': () => [touch('forms', null, 'everyone')],
  'POST /api/forms/:id/distribute': () => [touch('forms', null, 'everyone'), touch('notifications', null, 'everyone')],
  'POST /api/forms/submit/:formId': ({ caller }) => [
    touch('forms', null, 'admins'),
    ...(caller ? [touch('forms', caller.userId, 'owner')] : []),
  ],
};

const keyOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * After each write the service answered well, the change events it makes (docs/service.md, Event
 * stream): once the answer is out, so nothing is told of a write that did not stand.
 */
export function registerChangeEvents(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // A deleted training's owner, read while it is there.
    // Unauthenticated, the request has no tenant, whatever its declared type says.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (keyOf(request) !== 'DELETE /api/trainings/:id' || !request.tenant) return;
    const id = (request.params as { id?: string }).id;
    // An id no store can keep is not looked up: the route refuses it in words.
    request.ownerBefore = id && isStorableText(id) ? ((await findTraining(request.tenant, id))?.userId ?? null) : null;
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.method !== 'GET') request.written = payload;
    return payload;
  });
  // Told before the answer leaves (its writes committed: the group commit's wait runs first), so a
  // client that hears back and then opens a stream or resumes one finds the change already there.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const touches = TOUCHES[keyOf(request)];
    const caller = request.optionalCaller;
    const org = caller?.organizationId ?? (request.tenant as { organizationId?: string } | null)?.organizationId;
    if (!touches || !org) return payload;
    const body = request.written && typeof request.written === 'object' ? (request.written as Written['body']) : null;
    try {
      await app.hr.events.publish(org, touches({ caller, body, ownerBefore: request.ownerBefore ?? null }));
    } catch (error) {
      // The write stands: streams that missed its event catch up at their next pull.
      request.log.error({ err: error }, 'a change event was not published');
    }
    return payload;
  });
}

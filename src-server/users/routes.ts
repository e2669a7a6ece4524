import { requestLocale } from '../i18n/language';
import type { FastifyInstance } from 'fastify';
import {
  importRequestSchema,
  importResultSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
  type User,
  userListSchema,
  userSchema,
} from '@shared/wire';
import { requireRole } from '../access/scope';
import { hashPassword } from '../auth/passwords';
import { utcToday } from '@shared/calendar/dates';
import { passwordIssues } from '@shared/rules/passwordRules';
import { defineMessage } from '@formatjs/intl';
import { emailTakenIssue, hasLeft } from '@shared/rules';
import { newId } from '../db/ids';
import { type TenantDb } from '../db/tenantDb';
import { checkIfMatch, sendRecord } from '../http/etag';
import { givenFields } from '@shared/records/givenFields';
import { conflict, invalid, issueDetail, notFound, ref } from '../http/problem';
import { changeEmployment, checkAdminRole, checkReferences } from './employment';
import { invite, linkBase } from './invitations';
import { recountPending } from '../leave/leaveRules';
import { importPeople } from './importPeople';
import { parseInput } from '../http/validate';
import { emailInUse, findUserRow, insertUser, toUser, updateUser, userPage } from './userStore';
import { z } from 'zod';
import { bodies } from '../http/examples';

const M = {
  inviteLeaver: defineMessage<{ name: string }>({
    id: 'service.users.inviteLeaver',
    defaultMessage: '{name} has left the organization: bring them back before inviting them again',
  }),
  inviteJoined: defineMessage<{ name: string }>({
    id: 'service.users.inviteJoined',
    defaultMessage: '{name} has already joined: a forgotten password is reset from the sign-in page',
  }),
};

const idParams = z.object({ id: z.string().min(1) });

async function requireUser(tenant: TenantDb, id: string): Promise<User> {
  const row = await findUserRow(tenant, id);
  if (!row) throw notFound('user');
  return toUser(row);
}

/** The organization directory (docs/service.md, Endpoints), and account management by ADMIN (ext). */
export function registerUserRoutes(app: FastifyInstance): void {
  app.get(
    '/api/users',
    {
      schema: {
        summary: 'People of the organization, paged and searchable',
        response: { 200: userListSchema },
        querystring: userListQuerySchema,
      },
    },
    async (request) => {
      const q = parseInput(userListQuerySchema, request.query, 'query');
      return userPage(
        request.tenant,
        {
          search: q.search,
          departmentId: q.departmentId,
          employment: q.employment,
          today: utcToday(app.hr.clock.now()),
        },
        { by: q.sortBy, order: q.sortOrder },
        q,
      );
    },
  );

  app.get(
    '/api/users/me',
    { schema: { summary: 'The caller', response: { 200: userSchema } } },
    async (request, reply) => sendRecord(reply, await requireUser(request.tenant, request.caller.userId)),
  );

  app.get(
    '/api/users/:id',
    { schema: { summary: 'One person', response: { 200: userSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      return sendRecord(reply, await requireUser(request.tenant, id));
    },
  );

  app.post(
    '/api/users',
    { schema: { summary: 'Add a person (ADMIN)', response: { 201: userSchema }, body: bodies.userCreate } },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(userCreateSchema, request.body, 'body');
      const { tenant } = request;
      const today = utcToday(app.hr.clock.now());
      await checkReferences(tenant, null, body.departmentId, body.managerId, today);
      // A password typed for someone stays possible (scripts, tests); otherwise they are invited.
      if (body.password !== undefined) {
        const issues = passwordIssues(body.password, body);
        if (issues.length) throw invalid(issues);
      }
      const passwordHash = body.password === undefined ? '' : await hashPassword(body.password);
      const id = newId();
      const now = app.hr.clock.now().toISOString();
      const invitation = await tenant.transaction(async () => {
        if (await emailInUse(tenant, body.email)) {
          throw conflict(issueDetail(emailTakenIssue()));
        }
        await insertUser(tenant, {
          id,
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          departmentId: body.departmentId ?? null,
          managerId: body.managerId ?? null,
          nationality: body.nationality,
          roles: body.roles,
          startDate: body.startDate ?? null,
          locale: body.locale ?? requestLocale(request),
          status: passwordHash ? 'ACTIVE' : 'INVITED',
          createdAt: now,
        });
        if (passwordHash) return undefined;
        const person = { id, email: body.email.toLowerCase(), firstName: body.firstName };
        return invite(app.hr, tenant, person, linkBase(app.hr, request), { first: true });
      });
      reply.code(201).header('location', `/api/users/${id}`);
      const created = await requireUser(tenant, id);
      return sendRecord(reply, invitation ? { ...created, invitation } : created);
    },
  );

  app.post(
    '/api/users/import',
    {
      config: {
        errors: {
          400: "Rows that need correcting, each issue on its row's field (`rows[3].managerEmail`): nothing was imported.",
        },
      },
      schema: {
        summary:
          'Add and update many people at once, matched by email (ADMIN); nothing is written unless every row is valid',
        response: { 200: importResultSchema },
        body: bodies.userImport,
      },
    },
    async (request) => {
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(importRequestSchema, request.body, 'body');
      return importPeople(app.hr, request.tenant, body.rows, {
        dryRun: body.dryRun,
        linkBase: linkBase(app.hr, request),
      });
    },
  );

  app.post(
    '/api/users/:id/invitation',
    {
      config: { errors: { 409: 'The person has already joined, or has left.' } },
      schema: {
        summary: 'A new invitation for an invited person (ADMIN); the older one stops working',
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant } = request;
      const invitation = await tenant.transaction(async () => {
        const person = await requireUser(tenant, id);
        const name = `${person.firstName} ${person.lastName}`;
        if (person.status === 'LEFT' || hasLeft(person.endDate, utcToday(app.hr.clock.now()))) {
          throw conflict(ref(M.inviteLeaver, { name }));
        }
        if (person.status !== 'INVITED') {
          throw conflict(ref(M.inviteJoined, { name }));
        }
        return invite(app.hr, tenant, person, linkBase(app.hr, request));
      });
      return sendRecord(reply, { ...(await requireUser(tenant, id)), invitation });
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { ifMatch: true },
      schema: { summary: 'Change a person (ADMIN)', response: { 200: userSchema }, body: bodies.userUpdate },
    },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const { id } = parseInput(idParams, request.params, 'path');
      const body = parseInput(userUpdateSchema, request.body, 'body');
      const { tenant } = request;
      const now = app.hr.clock.now();
      const when = { today: utcToday(now), now: now.toISOString() };
      const updated = await tenant.transaction(async () => {
        const current = await requireUser(tenant, id);
        checkIfMatch(request, current, current);
        const { endDate, reassignReportsTo, ...fields } = body;
        const next = { ...current, ...givenFields(fields) };
        await checkReferences(tenant, next, fields.departmentId, fields.managerId, when.today);
        await checkAdminRole(tenant, current, next.roles);
        await updateUser(
          tenant,
          id,
          {
            firstName: next.firstName,
            lastName: next.lastName,
            departmentId: next.departmentId ?? null,
            managerId: next.managerId ?? null,
            nationality: next.nationality,
            roles: next.roles,
            startDate: next.startDate ?? null,
            workingWeek: next.workingWeek ?? null,
          },
          when.now,
        );
        if (fields.workingWeek !== undefined) await recountPending(tenant, id, when.now);
        if (endDate !== undefined) {
          const changed = await requireUser(tenant, id);
          await changeEmployment(tenant, changed, { endDate, reassignReportsTo }, when);
        }
        return requireUser(tenant, id);
      });
      return sendRecord(reply, updated);
    },
  );
}

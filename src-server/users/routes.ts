import type { FastifyInstance } from 'fastify';
import {
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
  type User,
  userListSchema,
  userSchema,
} from '@shared/wire';
import { requireRole } from '../access/scope';
import { hashPassword } from '../auth/passwords';
import { newId } from '../db/ids';
import { type TenantDb } from '../db/tenantDb';
import { checkIfMatch, sendRecord } from '../http/etag';
import { givenFields } from '@shared/records/givenFields';
import { conflict, invalid, notFound } from '../http/problem';
import { parseInput } from '../http/validate';
import { departmentExists } from '../departments/departmentStore';
import {
  emailInUse,
  findUserRow,
  inManagerChain,
  insertUser,
  toUser,
  updateUser,
  userExists,
  userPage,
} from './userStore';
import { z } from 'zod';
import { bodies } from '../http/examples';

const idParams = z.object({ id: z.string().min(1) });

async function requireUser(tenant: TenantDb, id: string): Promise<User> {
  const row = await findUserRow(tenant, id);
  if (!row) throw notFound('User');
  return toUser(row);
}

/** Department and manager must belong to the organization; a manager chain must not loop. */
async function checkReferences(
  tenant: TenantDb,
  userId: string | null,
  departmentId: string | null | undefined,
  managerId: string | null | undefined,
): Promise<void> {
  const errors: { path: string; message: string }[] = [];
  if (departmentId && !(await departmentExists(tenant, departmentId))) {
    errors.push({ path: 'departmentId', message: 'No such department in this organization' });
  }
  if (managerId) {
    if (!(await userExists(tenant, managerId))) {
      errors.push({ path: 'managerId', message: 'No such user in this organization' });
    } else if (userId && (await inManagerChain(tenant, managerId, userId))) {
      errors.push({ path: 'managerId', message: 'A person cannot report to themselves, even indirectly' });
    }
  }
  if (errors.length) throw invalid(errors);
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
        { search: q.search, departmentId: q.departmentId },
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
      await checkReferences(tenant, null, body.departmentId, body.managerId);
      const passwordHash = await hashPassword(body.password);
      const id = newId();
      const now = app.hr.clock.now().toISOString();
      await tenant.transaction(async () => {
        if (await emailInUse(app.hr.engine, body.email)) {
          throw conflict('An account with this email already exists');
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
          createdAt: now,
        });
      });
      reply.code(201).header('location', `/api/users/${id}`);
      return sendRecord(reply, await requireUser(tenant, id));
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
      const updated = await tenant.transaction(async () => {
        const current = await requireUser(tenant, id);
        checkIfMatch(request, current, current);
        await checkReferences(tenant, id, body.departmentId, body.managerId);
        const next = { ...current, ...givenFields(body) };
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
          },
          app.hr.clock.now().toISOString(),
        );
        return requireUser(tenant, id);
      });
      return sendRecord(reply, updated);
    },
  );
}

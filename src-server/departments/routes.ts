import { departmentWriteSchema, referenceItemSchema, referenceListSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { utcToday } from '@shared/calendar/dates';
import { departmentTakenIssue } from '@shared/rules';
import { requireRole } from '../access/scope';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { bodies } from '../http/examples';
import { NO_CONTENT } from '../http/openapi';
import { defineMessage } from '@formatjs/intl';
import { conflict, issueDetail, notFound, ref } from '../http/problem';
import { parseInput } from '../http/validate';
import {
  deleteDepartment,
  departmentHeadcount,
  departmentNamed,
  findDepartment,
  insertDepartment,
  listDepartments,
  renameDepartment,
} from './departmentStore';

const idParams = z.object({ id: z.string().min(1) });

/** Names are unique in an organization, whatever their case. */
async function checkNameFree(tenant: TenantDb, name: string, self?: string): Promise<void> {
  const same = await departmentNamed(tenant, name);
  if (same && same.id !== self) {
    const taken = departmentTakenIssue(same.name);
    throw conflict(issueDetail(taken), [taken]);
  }
}

const STILL_HAS = defineMessage<{ name: string; who: 'both' | 'current' | 'former'; current: number; former: number }>({
  id: 'service.departments.stillHas',
  defaultMessage:
    '{name} still has {who, select, both {{current, plural, one {# person} other {# people}} and {former, plural, one {# former colleague} other {# former colleagues}}} current {{current, plural, one {# person} other {# people}}} other {{former, plural, one {# former colleague} other {# former colleagues}}}}: move them to another department first',
});

/** The organization's departments (ext): everyone lists them; an ADMIN adds, renames and deletes an empty one. */
export function registerDepartmentRoutes(app: FastifyInstance): void {
  app.get(
    '/api/departments',
    { schema: { summary: "The organization's departments", response: { 200: referenceListSchema } } },
    async (request) => ({ data: await listDepartments(request.tenant) }),
  );

  app.post(
    '/api/departments',
    {
      config: { errors: { 409: 'A department of that name exists.' } },
      schema: { summary: 'Add a department (ADMIN)', response: { 201: referenceItemSchema }, body: bodies.department },
    },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const { name } = parseInput(departmentWriteSchema, request.body, 'body');
      const { tenant } = request;
      const id = newId();
      await tenant.transaction(async () => {
        await checkNameFree(tenant, name);
        await insertDepartment(tenant, { id, name, createdAt: app.hr.clock.now().toISOString() });
      });
      reply.code(201).header('location', `/api/departments/${id}`);
      return { id, name };
    },
  );

  app.put(
    '/api/departments/:id',
    {
      config: { errors: { 409: 'A department of that name exists.' } },
      schema: {
        summary: 'Rename a department (ADMIN)',
        response: { 200: referenceItemSchema },
        body: bodies.department,
      },
    },
    async (request) => {
      requireRole(request.caller, 'ADMIN');
      const { id } = parseInput(idParams, request.params, 'path');
      const { name } = parseInput(departmentWriteSchema, request.body, 'body');
      const { tenant } = request;
      await tenant.transaction(async () => {
        if (!(await findDepartment(tenant, id))) throw notFound('department');
        await checkNameFree(tenant, name, id);
        await renameDepartment(tenant, id, name, app.hr.clock.now().toISOString());
      });
      return { id, name };
    },
  );

  app.delete(
    '/api/departments/:id',
    {
      config: { errors: { 409: 'People are in the department: move them first.' } },
      schema: { summary: 'Delete an empty department (ADMIN)', response: { 204: NO_CONTENT } },
    },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const { id } = parseInput(idParams, request.params, 'path');
      const { tenant } = request;
      await tenant.transaction(async () => {
        const department = await findDepartment(tenant, id);
        if (!department) throw notFound('department');
        const { current, former } = await departmentHeadcount(tenant, id, utcToday(app.hr.clock.now()));
        if (current + former > 0) {
          const who = current && former ? 'both' : current ? 'current' : 'former';
          throw conflict(ref(STILL_HAS, { name: department.name, who, current, former }));
        }
        await deleteDepartment(tenant, id);
      });
      return reply.code(204).send();
    },
  );
}

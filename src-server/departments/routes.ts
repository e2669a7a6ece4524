import { referenceListSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import { listDepartments } from './departmentStore';

/** The organization's departments (ext), for the directory and the calendar's filter. */
export function registerDepartmentRoutes(app: FastifyInstance): void {
  app.get(
    '/api/departments',
    { schema: { summary: "The organization's departments", response: { 200: referenceListSchema } } },
    async (request) => ({ data: await listDepartments(request.tenant) }),
  );
}

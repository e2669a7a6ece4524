import { referenceListSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import type { ReferenceItem } from '@shared/wire';

/** The organization's departments (ext), for the directory and the calendar's filter. */
export function registerDepartmentRoutes(app: FastifyInstance): void {
  app.get(
    '/api/departments',
    { schema: { summary: "The organization's departments", response: { 200: referenceListSchema } } },
    async (request) => ({
      data: await request.tenant.all<ReferenceItem>(
        'SELECT id, name FROM departments WHERE organization_id = :org ORDER BY name, id',
      ),
    }),
  );
}

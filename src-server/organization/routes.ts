import type { FastifyInstance } from 'fastify';
import { organizationUpdateSchema, type Organization } from '../../src-shared/wire';
import { requireRole } from '../access/scope';
import { parseInput } from '../http/validate';

/** The caller's organization (ext): every member reads it; an ADMIN sets its currency. */
export function registerOrganizationRoutes(app: FastifyInstance): void {
  const read = (request: { tenant: { get<T>(sql: string): T | undefined } }) =>
    request.tenant.get<Organization>('SELECT id, name, currency FROM organizations WHERE id = :org')!;

  app.get('/api/organization', async (request) => read(request));

  app.put('/api/organization', async (request) => {
    requireRole(request.caller, 'ADMIN');
    const body = parseInput(organizationUpdateSchema, request.body, 'body');
    request.tenant.run('UPDATE organizations SET currency = :currency, updated_at = :at WHERE id = :org', {
      currency: body.currency,
      at: app.hr.clock.now().toISOString(),
    });
    return read(request);
  });
}

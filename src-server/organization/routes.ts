import type { FastifyInstance } from 'fastify';
import { organizationUpdateSchema, organizationSchema } from '@shared/wire';
import { requireRole } from '../access/scope';
import { parseInput } from '../http/validate';
import { readOrganization, setCurrency } from './organizationStore';
import { bodies } from '../http/examples';

/** The caller's organization (ext): every member reads it; an ADMIN sets its currency. */
export function registerOrganizationRoutes(app: FastifyInstance): void {
  app.get(
    '/api/organization',
    { schema: { summary: "The caller's organization", response: { 200: organizationSchema } } },
    async (request) => await readOrganization(request.tenant),
  );

  app.put(
    '/api/organization',
    {
      schema: {
        summary: 'Change the organization (ADMIN)',
        response: { 200: organizationSchema },
        body: bodies.organizationUpdate,
      },
    },
    async (request) => {
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(organizationUpdateSchema, request.body, 'body');
      await setCurrency(request.tenant, body.currency, app.hr.clock.now().toISOString());
      return readOrganization(request.tenant);
    },
  );
}

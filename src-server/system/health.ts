import { healthSchema } from '../../src-shared/wire';
import type { FastifyInstance } from 'fastify';
import type { Health } from '../../src-shared/wire';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/api/health',
    { config: { auth: 'none' }, schema: { summary: 'Whether the service is up', response: { 200: healthSchema } } },
    async (): Promise<Health> => ({ status: 'ok' }),
  );
}

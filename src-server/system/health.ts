import type { FastifyInstance } from 'fastify';
import type { Health } from '../../src-shared/wire';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/health', { config: { auth: 'none' } }, async (): Promise<Health> => ({ status: 'ok' }));
}

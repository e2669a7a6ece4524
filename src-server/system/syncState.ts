import type { FastifyInstance } from 'fastify';
import type { SyncState } from '../../src-shared/wire';

/**
 * One cheap question before a client walks every list: has anything changed? The answer's ETag is
 * the change-counter ETag every GET carries (etag.ts), so an unchanged state is a 304.
 */
export function registerSyncStateRoutes(app: FastifyInstance): void {
  app.get('/api/sync/state', async (request): Promise<SyncState> => ({ version: request.changeCounter }));
}

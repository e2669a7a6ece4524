import { syncStateSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import type { SyncState } from '@shared/wire';

/**
 * One cheap question before a client walks every list: has anything changed? The answer is the
 * change counter, whose ETag (etag.ts) is a 304 for as long as the counter stands still.
 */
export function registerSyncStateRoutes(app: FastifyInstance): void {
  app.get(
    '/api/sync/state',
    { schema: { summary: 'The change counter of what the caller may read', response: { 200: syncStateSchema } } },
    async (request): Promise<SyncState> => ({ version: request.changeCounter }),
  );
}

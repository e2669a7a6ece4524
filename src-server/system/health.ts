import { healthSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import type { Health } from '@shared/wire';
import { ping } from '../db/engine/engine';
import { defineMessage } from '@formatjs/intl';
import { HttpProblem, ref } from '../http/problem';

const NO_DATABASE = defineMessage({
  id: 'service.health.noDatabase',
  defaultMessage: 'The service cannot reach its database just now.',
});

/**
 * Up and ready: the service listens only once its store is migrated, and answers 503 while the store
 * cannot be reached, so a load balancer sends its traffic to another instance.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/api/health',
    {
      config: { auth: 'none', errors: { 503: 'The store cannot be reached: send this instance no traffic.' } },
      schema: { summary: 'Whether the service is up and its store reachable', response: { 200: healthSchema } },
    },
    async (): Promise<Health> => {
      try {
        await ping(app.hr.engine);
      } catch {
        throw new HttpProblem(503, ref(NO_DATABASE), {
          headers: { 'retry-after': '5' },
        });
      }
      return { status: 'ok', mail: app.hr.mailer.enabled };
    },
  );
}

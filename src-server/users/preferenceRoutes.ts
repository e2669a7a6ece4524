import type { FastifyInstance } from 'fastify';
import { preferencesSchema, preferencesUpdateSchema, type Preferences } from '@shared/wire';
import { bodies } from '../http/examples';
import { parseInput } from '../http/validate';
import { readPreferences, writePreferences } from './userStore';

/** One's own choices (ext): whether notifications also come by mail, and in which language. */
export function registerPreferenceRoutes(app: FastifyInstance): void {
  app.get(
    '/api/users/me/preferences',
    { schema: { summary: 'My preferences', response: { 200: preferencesSchema } } },
    async (request): Promise<Preferences> => readPreferences(request.tenant, request.caller.userId),
  );

  app.put(
    '/api/users/me/preferences',
    {
      schema: {
        summary: 'Change my preferences: notifications by mail on or off, the language of my mails',
        response: { 200: preferencesSchema },
        body: bodies.preferences,
      },
    },
    async (request): Promise<Preferences> => {
      const body = parseInput(preferencesUpdateSchema, request.body, 'body');
      await writePreferences(request.tenant, request.caller.userId, body);
      return readPreferences(request.tenant, request.caller.userId);
    },
  );
}

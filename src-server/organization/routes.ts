import type { FastifyInstance } from 'fastify';
import { organizationUpdateSchema, organizationSchema, signupSchema, tokenResponseSchema } from '@shared/wire';
import { requireRole } from '../access/scope';
import { startSession } from '../auth/sessions';
import { parseInput } from '../http/validate';
import { readOrganization, setCurrency } from './organizationStore';
import { bodies } from '../http/examples';
import { defineMessage } from '@formatjs/intl';
import { HttpProblem, ref, tooManyRequests } from '../http/problem';
import { linkBase } from '../users/invitations';
import { createOrganization } from './newOrganization';

const M = {
  // Sign-up off: answered as a route that is not there.
  noSignup: defineMessage({
    id: 'service.organizations.noSignup',
    defaultMessage: 'Route POST:/api/organizations not found',
  }),
  tooManySignups: defineMessage({
    id: 'service.organizations.tooManySignups',
    defaultMessage: 'Too many sign-ups from this address; wait before trying again',
  }),
};

/** The caller's organization (ext): every member reads it; an ADMIN sets its currency; with open sign-up anyone makes one. */
export function registerOrganizationRoutes(app: FastifyInstance, options: { openSignup: boolean }): void {
  app.post(
    '/api/organizations',
    {
      config: {
        auth: 'none',
        errors: {
          404: 'The service was not started with --open-signup: organizations are made on its command line.',
          429: 'Too many sign-ups from this address: Retry-After says when to try again.',
        },
      },
      schema: {
        summary: 'A new organization and its first administrator, signed in (only with --open-signup)',
        response: { 201: tokenResponseSchema },
        body: bodies.signup,
      },
    },
    async (request, reply) => {
      if (!options.openSignup) throw new HttpProblem(404, ref(M.noSignup));
      // Every sign-up counts against its address, as failed sign-ins count against an email.
      const key = `signup:${request.ip}`;
      const wait = await app.hr.throttle.lockedFor(key);
      if (wait > 0) throw tooManyRequests(ref(M.tooManySignups), wait);
      await app.hr.throttle.recordFailure(key);
      const { password, ...organization } = parseInput(signupSchema, request.body, 'body');
      const made = await createOrganization(app.hr, organization, { linkBase: linkBase(app.hr, request), password });
      reply.code(201);
      return startSession(app.hr, {
        id: made.adminUserId,
        email: organization.adminEmail.toLowerCase(),
        organizationId: made.organizationId,
        roles: ['ADMIN'],
      });
    },
  );

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

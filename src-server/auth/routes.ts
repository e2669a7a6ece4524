import { NO_CONTENT } from '../http/openapi';
import type { FastifyInstance } from 'fastify';
import {
  refreshRequestSchema,
  tokenRequestSchema,
  type RefreshResponse,
  type TokenResponse,
  refreshResponseSchema,
  tokenResponseSchema,
} from '@shared/wire';
import { conflict, ref, tooManyRequests, unauthorized } from '../http/problem';
import { AUTH } from './authMessages';
import { parseInput } from '../http/validate';
import { findAccount, findSignIns, type SignInRow } from './accountStore';
import { decoyHash, verifyPassword } from './passwords';
import { closedAccountProblem, rolesFromJson, startSession } from './sessions';
import { bodies } from '../http/examples';

/** The accounts with this email whose password this is: checked against each, or a decoy when there are none. */
async function passwordMatches(candidates: SignInRow[], password: string): Promise<SignInRow[]> {
  if (candidates.length === 0) {
    await verifyPassword(password, await decoyHash());
    return [];
  }
  const matched: SignInRow[] = [];
  for (const candidate of candidates) {
    // An invited person has no password yet: the decoy keeps the time the same.
    if (await verifyPassword(password, candidate.password_hash || (await decoyHash()))) matched.push(candidate);
  }
  return matched;
}

const REFRESH_FAILURES = {
  unknown: AUTH.refreshUnknown,
  expired: AUTH.refreshExpired,
  revoked: AUTH.refreshRevoked,
  reused: AUTH.refreshReused,
} as const;

export function registerAuthRoutes(app: FastifyInstance): void {
  const { engine, accessTokens, refreshTokens, throttle } = app.hr;

  app.post(
    '/api/auth/token',
    {
      config: {
        auth: 'none',
        errors: {
          401: 'Wrong email or password, or the account was closed (`closedOn` says when).',
          409: 'The email and password match people of more than one organization: sign in at its own address.',
          429: 'Too many failed sign-ins for this email: Retry-After says when to try again.',
        },
      },
      schema: {
        summary: 'Sign in: an access token and a refresh token',
        response: { 200: tokenResponseSchema },
        body: bodies.token,
      },
    },
    async (request): Promise<TokenResponse> => {
      const body = parseInput(tokenRequestSchema, request.body, 'body');
      const email = body.email.toLowerCase();
      const wait = await throttle.lockedFor(email);
      if (wait > 0) {
        throw tooManyRequests(ref(AUTH.tooManySignIns), wait);
      }
      // At an organization's own address, only its people sign in.
      const own = await app.hr.hosts.of(request.host);
      const candidates = (await findSignIns(engine, email)).filter((a) => !own || a.organization_id === own);
      const matched = await passwordMatches(candidates, body.password);
      const account = matched[0];
      if (!account) {
        await throttle.recordFailure(email);
        throw unauthorized(ref(AUTH.wrongPassword));
      }
      await throttle.recordSuccess(email);
      // The password decides first, so this says nothing to someone who does not know it.
      if (matched.length > 1) {
        throw conflict(ref(AUTH.manyOrganizations));
      }
      const closed = closedAccountProblem(account.end_date, app.hr.clock.now());
      if (closed) throw closed;
      return startSession(app.hr, {
        id: account.id,
        email: account.email,
        organizationId: account.organization_id,
        roles: rolesFromJson(account.roles),
      });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: {
        auth: 'none',
        errors: { 401: 'The refresh token is unknown, expired, already used or signed out: sign in again.' },
      },
      schema: {
        summary: 'A new access token for a refresh token (which is rotated)',
        response: { 200: refreshResponseSchema },
        body: bodies.refresh,
      },
    },
    async (request): Promise<RefreshResponse> => {
      const body = parseInput(refreshRequestSchema, request.body, 'body');
      const rotated = await refreshTokens.rotate(body.refresh_token);
      if (!rotated.ok) throw unauthorized(ref(REFRESH_FAILURES[rotated.reason]));
      const own = await app.hr.hosts.of(request.host);
      if (own && own !== rotated.organizationId) {
        throw unauthorized(ref(AUTH.signInOtherOrganization));
      }
      const account = await findAccount(engine, rotated.userId, rotated.organizationId);
      if (account === undefined) throw unauthorized(ref(AUTH.accountGone));
      const closed = closedAccountProblem(account.end_date, app.hr.clock.now());
      if (closed) throw closed;
      const { token, expiresAt } = await accessTokens.sign({
        userId: rotated.userId,
        organizationId: rotated.organizationId,
        roles: rolesFromJson(account.roles),
        sessionId: rotated.familyId,
      });
      return {
        access_token: token,
        refresh_token: rotated.token,
        token_type: 'Bearer',
        expires_in: accessTokens.lifetimeSeconds,
        expires_at: expiresAt,
      };
    },
  );

  /** Sign out (ext): the refresh token's family stops working. Answers 204 whether or not it was known. */
  app.post(
    '/api/auth/logout',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Sign out: the refresh token and its session end',
        response: { 204: NO_CONTENT },
        body: bodies.refresh,
      },
    },
    async (request, reply) => {
      const body = parseInput(refreshRequestSchema, request.body, 'body');
      const whose = await refreshTokens.revoke(body.refresh_token);
      // Its event streams close, and open again only with a token issued after this.
      if (whose) app.hr.events.signedOut(whose.organizationId, whose.userId, app.hr.clock.now());
      return reply.code(204).send();
    },
  );
}

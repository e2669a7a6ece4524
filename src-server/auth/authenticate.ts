import type { FastifyInstance } from 'fastify';
import type { Caller } from '../access/scope';
import type { TenantDb } from '../db/tenantDb';
import { ref, unauthorized } from '../http/problem';
import { AUTH } from './authMessages';
import { Accounts } from './accounts';
import { closedAccountProblem } from './sessions';

/**
 * Every route needs a valid bearer token unless its `config.auth` says otherwise.
 * The account is read on each request (accounts.ts), so a deleted account or changed role
 * takes effect at once rather than when the token expires.
 */
export function registerAuthentication(app: FastifyInstance): void {
  const accounts = new Accounts(app.hr.engine);
  app.hr.commits.onLost(() => accounts.forget());
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('changeCounter', 0);
  app.decorateRequest('optionalCaller', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tenant', null as unknown as TenantDb);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'required';
    // Unknown routes fall through to the 404 handler without asking for a token.
    if (mode === 'none' || request.is404) return;
    const header = request.headers.authorization;
    if (mode === 'optional' && header === undefined) return;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized(ref(AUTH.sendToken));
    const claims = app.hr.accessTokens.known(match[1]) ?? (await app.hr.accessTokens.verify(match[1]));
    if (!claims) throw unauthorized(ref(AUTH.tokenInvalid));
    // At an organization's own address, only its people's tokens.
    const own = await app.hr.hosts.of(request.host);
    if (own && own !== claims.organizationId) {
      throw unauthorized(ref(AUTH.tokenOtherOrganization));
    }
    const account = await accounts.read(claims.userId, claims.organizationId);
    if (!account) throw unauthorized(ref(AUTH.tokenAccountGone));
    const closed = closedAccountProblem(account.endDate, app.hr.clock.now());
    if (closed) throw closed;
    request.changeCounter = account.changeCounter;
    request.sessionId = claims.sessionId ?? null;
    request.caller = account.caller;
    request.optionalCaller = request.caller;
    request.tenant = account.tenant;
  });
}

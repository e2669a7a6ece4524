import type { FastifyInstance } from 'fastify';
import { roleSchema } from '../../src-shared/wire';
import { highestRole, type Caller } from '../access/scope';
import { serviceStatement, TenantDb } from '../db/tenantDb';
import { unauthorized } from '../http/problem';

/**
 * Every route needs a valid bearer token unless its `config.auth` says otherwise.
 * The account is read again on each request, so a deleted account or changed role takes
 * effect at once rather than when the token expires.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('optionalCaller', null);
  app.decorateRequest('tenant', null as unknown as TenantDb);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'required';
    // Unknown routes fall through to the 404 handler without asking for a token.
    if (mode === 'none' || request.is404) return;
    const header = request.headers.authorization;
    if (mode === 'optional' && header === undefined) return;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Send an access token: Authorization: Bearer <token>');
    const claims = await app.hr.accessTokens.verify(match[1]);
    if (!claims) throw unauthorized('The access token is invalid or has expired');
    const row = serviceStatement(
      app.hr.db,
      'SELECT id, organization_id, email, roles FROM users WHERE id = ? AND organization_id = ?',
    ).get(claims.userId, claims.organizationId) as
      { id: string; organization_id: string; email: string; roles: string } | undefined;
    if (!row) throw unauthorized('The account of this token no longer exists');
    const roles = roleSchema.array().parse(JSON.parse(row.roles));
    request.caller = {
      userId: row.id,
      organizationId: row.organization_id,
      email: row.email,
      roles,
      role: highestRole(roles),
    };
    request.optionalCaller = request.caller;
    request.tenant = new TenantDb(app.hr.db, row.organization_id);
  });
}

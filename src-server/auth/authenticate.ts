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
const rolesSchema = roleSchema.array();

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('changeCounter', 0);
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
    // The organization's change counter comes with the account, in the same read (see etag.ts).
    const row = serviceStatement(
      app.hr.db,
      `SELECT u.id, u.organization_id, u.email, u.roles,
         (SELECT counter FROM change_counters WHERE organization_id = u.organization_id) AS counter
       FROM users AS u WHERE u.id = ? AND u.organization_id = ?`,
    ).get(claims.userId, claims.organizationId) as
      { id: string; organization_id: string; email: string; roles: string; counter: number | null } | undefined;
    if (!row) throw unauthorized('The account of this token no longer exists');
    const roles = rolesSchema.parse(JSON.parse(row.roles));
    request.changeCounter = row.counter ?? 0;
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

import type { Caller } from '../access/scope';
import type { AccessTokens } from '../auth/accessTokens';
import type { LoginThrottle } from '../auth/loginThrottle';
import type { RefreshTokens } from '../auth/refreshTokens';
import type { Db } from '../db/open';
import type { TenantDb } from '../db/tenantDb';
import type { Clock } from '../system/clock';

/** What every route may use: the database, the clock and the auth services. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  throttle: LoginThrottle;
}

declare module 'fastify' {
  interface FastifyInstance {
    hr: ServiceContext;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route that is not `config.public`. */
    caller: Caller;
    /** The database scoped to the caller's organization. */
    tenant: TenantDb;
  }
  interface FastifyContextConfig {
    /** No access token needed. */
    public?: boolean;
  }
}

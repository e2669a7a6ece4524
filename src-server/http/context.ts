import type { Caller } from '../access/scope';
import type { AccessTokens } from '../auth/accessTokens';
import type { LoginThrottle } from '../auth/loginThrottle';
import type { OneTimeTokens } from '../auth/oneTimeTokens';
import type { Mailer } from '../mail/mailer';
import type { OrganizationHosts } from '../organization/hosts';
import type { RefreshTokens } from '../auth/refreshTokens';
import type { Commits } from '../db/engine/groupCommit';
import type { EventHub } from '../events/eventHub';
import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';
import type { Clock } from '../system/clock';

/** What every route may use: the database, the clock and the auth services. */
export interface ServiceContext {
  /** The store: SQLite or PostgreSQL. */
  engine: Engine;
  clock: Clock;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  throttle: LoginThrottle;
  commits: Commits;
  /** Change events to the streams open in this process. */
  events: EventHub;
  /** Invitations and password resets. */
  oneTimeTokens: OneTimeTokens;
  /** Mail, when an SMTP server was given. */
  mailer: Mailer;
  /** The base of links the service hands out (invitations, resets), when set; else the request's own address. */
  publicUrl: string | null;
  /** Which organization a request's host is the own address of. */
  hosts: OrganizationHosts;
}

declare module 'fastify' {
  interface FastifyInstance {
    hr: ServiceContext;
  }
  interface FastifyRequest {
    /** The signed-in caller; always set on routes whose `config.auth` is the default, 'required'. */
    caller: Caller;
    /** The caller when a valid token came, on any route; null otherwise. */
    optionalCaller: Caller | null;
    /** The database scoped to the caller's organization. */
    tenant: TenantDb;
    /** The sign-in the access token belongs to (its refresh tokens' family), when the token says. */
    sessionId: string | null;
    /** The organization's change counter, read with the caller: no write since means no change. */
    changeCounter: number;
  }
  interface FastifyContextConfig {
    /**
     * 'required' (default): a valid access token or 401. 'optional': a token is checked when
     * sent (public forms). 'none': no token is read at all (sign-in, refresh, health).
     */
    auth?: 'required' | 'optional' | 'none';
  }
}

import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';
import { roleSchema, type Role } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import { serviceSecret } from '../system/secrets';
import type { Clock } from '../system/clock';
import { KeptMap } from '../system/keptMap';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'hr-service';
const AUDIENCE = 'hr-api';

export interface AccessClaims {
  userId: string;
  organizationId: string;
  roles: Role[];
  /** The sign-in the token was issued for (its refresh tokens' family), when known. */
  sessionId?: string;
}

/** The signing secret is made on first start and kept in the database, so tokens survive restarts. */
export function loadSigningKey(engine: Engine): Promise<Uint8Array> {
  return serviceSecret(engine, 'jwt_secret');
}

/** Verified tokens kept until they expire, so a busy client costs one signature check per token. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly verified = new KeptMap<string, { claims: AccessClaims; expiresAt: number }>(VERIFIED_CACHE_SIZE);

  constructor(
    private readonly key: Uint8Array,
    private readonly clock: Clock,
    /** How long a token lives (tests shorten it to make clients renew often). */
    readonly lifetimeSeconds = ACCESS_TOKEN_SECONDS,
  ) {}

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds;
    const token = await new SignJWT({
      org: claims.organizationId,
      roles: claims.roles,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a token verified before and not yet expired, without waiting; else undefined. */
  known(token: string): AccessClaims | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.expiresAt * 1000 > this.clock.now().getTime()) return known.claims;
    this.verified.delete(token);
    return undefined;
  }

  /** The claims of a valid token, or null for anything else: expired, forged, garbage. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.known(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      const roles = roleSchema.array().safeParse(payload.roles);
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || !roles.success) return null;
      const claims: AccessClaims = { userId: payload.sub, organizationId: payload.org, roles: roles.data };
      if (typeof payload.sid === 'string') claims.sessionId = payload.sid;
      if (typeof payload.exp === 'number') this.verified.set(token, { claims, expiresAt: payload.exp });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

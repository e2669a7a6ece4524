import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';
import { roleSchema, type Role } from '../../src-shared/wire';
import type { Db } from '../db/open';
import { serviceStatement } from '../db/tenantDb';
import type { Clock } from '../system/clock';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'hr-service';
const AUDIENCE = 'hr-api';

export interface AccessClaims {
  userId: string;
  organizationId: string;
  roles: Role[];
}

/**
 * The signing secret is made on first start and kept in the database, so tokens survive
 * restarts and no secret ever sits in the repository or the environment.
 */
export function loadSigningKey(db: Db): Uint8Array {
  const row = serviceStatement(db, "SELECT value FROM service_settings WHERE key = 'jwt_secret'").get() as
    { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'base64url');
  const secret = randomBytes(32);
  serviceStatement(db, "INSERT INTO service_settings (key, value) VALUES ('jwt_secret', ?)").run(
    secret.toString('base64url'),
  );
  return secret;
}

export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly clock: Clock,
  ) {}

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
    const token = await new SignJWT({ org: claims.organizationId, roles: claims.roles })
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

  /** The claims of a valid token, or null for anything else: expired, forged, garbage. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      const roles = roleSchema.array().safeParse(payload.roles);
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || !roles.success) return null;
      return { userId: payload.sub, organizationId: payload.org, roles: roles.data };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

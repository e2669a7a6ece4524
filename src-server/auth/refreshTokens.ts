import { createHash, randomBytes } from 'node:crypto';
import type { Engine } from '../db/engine/engine';
import { newId } from '../db/ids';
import type { Clock } from '../system/clock';
import {
  deleteExpiredRefreshTokens,
  insertRefreshToken,
  lockRefreshToken,
  markRevoked,
  markRotated,
  refreshTokenOwner,
  refreshTokenState,
  revokeFamilyTokens,
  revokePersonTokens,
  setSuccessor,
  type RefreshRow,
} from './refreshTokenStore';

export const REFRESH_TOKEN_DAYS = 30;
/** How long a repeat of a token just rotated is taken for a lost answer rather than a stolen copy. */
export const REFRESH_GRACE_MS = 60_000;

export type RotateResult =
  | { ok: true; userId: string; organizationId: string; token: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

// Only a hash is stored: a copy of the database does not yield usable refresh tokens.
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Refresh tokens rotate on every use. Each login starts a family; presenting a token that was
 * already rotated means someone kept a copy, so the whole family is revoked — unless it is the
 * repeat of a lost answer, within the grace window and before its successor was used.
 */
export class RefreshTokens {
  constructor(
    private readonly engine: Engine,
    private readonly clock: Clock,
  ) {}

  async issue(userId: string, organizationId: string, familyId: string = newId()): Promise<string> {
    return (await this.insert(userId, organizationId, familyId)).token;
  }

  private async insert(
    userId: string,
    organizationId: string,
    familyId: string,
  ): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    await insertRefreshToken(this.engine, {
      id,
      organizationId,
      userId,
      familyId,
      hash: hashOf(token),
      now: now.toISOString(),
      expires: expires.toISOString(),
    });
    return { id, token };
  }

  /** A successor for `row`, recorded as its one successor. */
  private async succeed(row: RefreshRow): Promise<RotateResult> {
    const next = await this.insert(row.user_id, row.organization_id, row.family_id);
    await setSuccessor(this.engine, row.id, next.id);
    return {
      ok: true,
      userId: row.user_id,
      organizationId: row.organization_id,
      token: next.token,
      familyId: row.family_id,
    };
  }

  /**
   * A repeat of a token rotated moments ago whose successor was never used: the answer of that
   * rotation was lost, or the client stopped before it kept the new token (the grace period of the
   * OAuth 2.0 Security BCP). Only hashes are stored, so the successor cannot be sent again: it is
   * retired, and a new one of the same family takes its place.
   */
  private async lostAnswer(row: RefreshRow, now: Date): Promise<boolean> {
    if (!row.rotated_at || !row.successor_id) return false;
    if (now.getTime() - Date.parse(row.rotated_at) > REFRESH_GRACE_MS) return false;
    const successor = await refreshTokenState(this.engine, row.successor_id);
    return !!successor && !successor.rotated_at && !successor.revoked_at;
  }

  /** One transaction: two instances given the same token at once rotate it once (the other is the grace case). */
  rotate(token: string): Promise<RotateResult> {
    return this.engine.transaction(async (): Promise<RotateResult> => {
      const row = await lockRefreshToken(this.engine, hashOf(token));
      if (!row) return { ok: false, reason: 'unknown' };
      const now = this.clock.now();
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.rotated_at) {
        if (await this.lostAnswer(row, now)) {
          await markRevoked(this.engine, row.successor_id!, now.toISOString());
          return this.succeed(row);
        }
        await this.revokeFamily(row.family_id);
        return { ok: false, reason: 'reused' };
      }
      if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
      await markRotated(this.engine, row.id, now.toISOString());
      return this.succeed(row);
    });
  }

  /** Sign-out: the token's whole family stops working. Answers whose it was, when it was known. */
  async revoke(token: string): Promise<{ userId: string; organizationId: string } | null> {
    const row = await refreshTokenOwner(this.engine, hashOf(token));
    if (!row) return null;
    await this.revokeFamily(row.family_id);
    return { userId: row.user_id, organizationId: row.organization_id };
  }

  /** Every session of a person ends but `keep` (the one changing their password), when given. */
  async revokePerson(userId: string, organizationId: string, keep?: string): Promise<void> {
    await revokePersonTokens(
      this.engine,
      { userId, organizationId, keep: keep ?? null },
      this.clock.now().toISOString(),
    );
  }

  async revokeFamily(familyId: string): Promise<void> {
    await revokeFamilyTokens(this.engine, familyId, this.clock.now().toISOString());
  }

  /** Expired tokens are useless; rotated ones are kept until expiry so reuse stays detectable. */
  async purgeExpired(): Promise<number> {
    return deleteExpiredRefreshTokens(this.engine, this.clock.now().toISOString());
  }
}

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { newId } from '../db/ids';
import { serviceStatement } from '../db/tenantDb';
import type { Clock } from '../system/clock';

export const REFRESH_TOKEN_DAYS = 30;
/** How long a repeat of a token just rotated is taken for a lost answer rather than a stolen copy. */
export const REFRESH_GRACE_MS = 60_000;

interface RefreshRow {
  id: string;
  organization_id: string;
  user_id: string;
  family_id: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  successor_id: string | null;
}

export type RotateResult =
  | { ok: true; userId: string; organizationId: string; token: string }
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
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  issue(userId: string, organizationId: string, familyId: string = newId()): string {
    return this.insert(userId, organizationId, familyId).token;
  }

  private insert(userId: string, organizationId: string, familyId: string): { id: string; token: string } {
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    serviceStatement(
      this.db,
      `INSERT INTO refresh_tokens (id, organization_id, user_id, family_id, token_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, organizationId, userId, familyId, hashOf(token), now.toISOString(), expires.toISOString());
    return { id, token };
  }

  /** A successor for `row`, recorded as its one successor. */
  private succeed(row: RefreshRow): RotateResult {
    const next = this.insert(row.user_id, row.organization_id, row.family_id);
    serviceStatement(this.db, 'UPDATE refresh_tokens SET successor_id = ? WHERE id = ?').run(next.id, row.id);
    return { ok: true, userId: row.user_id, organizationId: row.organization_id, token: next.token };
  }

  /**
   * A repeat of a token rotated moments ago whose successor was never used: the answer of that
   * rotation was lost, or the client stopped before it kept the new token (the grace period of the
   * OAuth 2.0 Security BCP). Only hashes are stored, so the successor cannot be sent again: it is
   * retired, and a new one of the same family takes its place.
   */
  private lostAnswer(row: RefreshRow, now: Date): boolean {
    if (!row.rotated_at || !row.successor_id) return false;
    if (now.getTime() - Date.parse(row.rotated_at) > REFRESH_GRACE_MS) return false;
    const successor = serviceStatement(this.db, 'SELECT rotated_at, revoked_at FROM refresh_tokens WHERE id = ?').get(
      row.successor_id,
    ) as Pick<RefreshRow, 'rotated_at' | 'revoked_at'> | undefined;
    return !!successor && !successor.rotated_at && !successor.revoked_at;
  }

  rotate(token: string): RotateResult {
    return this.db.transaction((): RotateResult => {
      const row = serviceStatement(
        this.db,
        `SELECT id, organization_id, user_id, family_id, expires_at, rotated_at, revoked_at, successor_id
         FROM refresh_tokens WHERE token_hash = ?`,
      ).get(hashOf(token)) as RefreshRow | undefined;
      if (!row) return { ok: false, reason: 'unknown' };
      const now = this.clock.now();
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.rotated_at) {
        if (this.lostAnswer(row, now)) {
          serviceStatement(this.db, 'UPDATE refresh_tokens SET revoked_at = ? WHERE id = ?').run(
            now.toISOString(),
            row.successor_id,
          );
          return this.succeed(row);
        }
        this.revokeFamily(row.family_id);
        return { ok: false, reason: 'reused' };
      }
      if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
      serviceStatement(this.db, 'UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?').run(now.toISOString(), row.id);
      return this.succeed(row);
    })();
  }

  /** Sign-out: the token's whole family stops working. */
  /** Revokes the token's family; answers whose it was, when it was known. */
  revoke(token: string): { userId: string; organizationId: string } | null {
    const row = serviceStatement(
      this.db,
      'SELECT family_id, user_id, organization_id FROM refresh_tokens WHERE token_hash = ?',
    ).get(hashOf(token)) as { family_id: string; user_id: string; organization_id: string } | undefined;
    if (!row) return null;
    this.revokeFamily(row.family_id);
    return { userId: row.user_id, organizationId: row.organization_id };
  }

  revokeFamily(familyId: string): void {
    serviceStatement(
      this.db,
      'UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL',
    ).run(this.clock.now().toISOString(), familyId);
  }

  /** Expired tokens are useless; rotated ones are kept until expiry so reuse stays detectable. */
  purgeExpired(): number {
    return serviceStatement(this.db, 'DELETE FROM refresh_tokens WHERE expires_at < ?').run(
      this.clock.now().toISOString(),
    ).changes;
  }
}

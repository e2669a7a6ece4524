import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

// One-time tokens of accounts: invitations and password resets, each kept only as its hash.
// Looked up service-wide (a token is presented before its organization is known).

export type AccountTokenPurpose = 'INVITATION' | 'PASSWORD_RESET';

export interface AccountTokenRow {
  id: string;
  organization_id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  expires_at: string;
  used_at: string | null;
  voided_at: string | null;
}

export async function insertAccountToken(
  tenant: TenantDb,
  t: { id: string; userId: string; purpose: AccountTokenPurpose; hash: string; now: string; expiresAt: string },
): Promise<void> {
  await tenant.run(
    `INSERT INTO account_tokens (id, organization_id, user_id, purpose, token_hash, created_at, expires_at)
     VALUES (:id, :org, :userId, :purpose, :hash, :now, :expiresAt)`,
    t,
  );
}

/** Voids the person's tokens of this purpose not used or voided yet; answers how many. */
export async function voidAccountTokens(
  tenant: TenantDb,
  userId: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<number> {
  const { changes } = await tenant.run(
    `UPDATE account_tokens SET voided_at = :now
     WHERE organization_id = :org AND user_id = :userId AND purpose = :purpose AND used_at IS NULL AND voided_at IS NULL`,
    { userId, purpose, now },
  );
  return changes;
}

/** The token with this hash, its row locked until the transaction ends. */
export async function lockAccountToken(engine: Engine, hash: string): Promise<AccountTokenRow | undefined> {
  return engine.get<AccountTokenRow>(
    `SELECT id, organization_id, user_id, purpose, expires_at, used_at, voided_at
     FROM account_tokens WHERE token_hash = :hash FOR UPDATE`,
    { hash },
  );
}

export async function markAccountTokenUsed(engine: Engine, id: string, now: string): Promise<void> {
  await engine.run('UPDATE account_tokens SET used_at = :now WHERE id = :id', { id, now });
}

/** Drops tokens expired for a week (kept that long so a late click is told "expired", not "unknown"). */
export async function deleteStaleAccountTokens(engine: Engine, before: string): Promise<number> {
  return (await engine.run('DELETE FROM account_tokens WHERE expires_at < :before', { before })).changes;
}

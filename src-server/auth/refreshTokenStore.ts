import type { Engine } from '../db/engine/engine';

// Refresh tokens (service-wide: a token is presented before its organization is known), each kept
// only as its hash. What a rotation means is auth/refreshTokens.ts's.

export interface RefreshRow {
  id: string;
  organization_id: string;
  user_id: string;
  family_id: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  successor_id: string | null;
}

export async function insertRefreshToken(
  engine: Engine,
  t: {
    id: string;
    organizationId: string;
    userId: string;
    familyId: string;
    hash: string;
    now: string;
    expires: string;
  },
): Promise<void> {
  await engine.run(
    `INSERT INTO refresh_tokens (id, organization_id, user_id, family_id, token_hash, created_at, expires_at)
       VALUES (:id, :organizationId, :userId, :familyId, :hash, :now, :expires)`,
    t,
  );
}

/** The token with this hash, its row locked until the transaction ends. */
export async function lockRefreshToken(engine: Engine, hash: string): Promise<RefreshRow | undefined> {
  return engine.get<RefreshRow>(
    `SELECT id, organization_id, user_id, family_id, expires_at, rotated_at, revoked_at, successor_id
         FROM refresh_tokens WHERE token_hash = :hash FOR UPDATE`,
    { hash },
  );
}

/** Whose the token with this hash is, and its family. */
export async function refreshTokenOwner(
  engine: Engine,
  hash: string,
): Promise<{ family_id: string; user_id: string; organization_id: string } | undefined> {
  return engine.get('SELECT family_id, user_id, organization_id FROM refresh_tokens WHERE token_hash = :hash', {
    hash,
  });
}

export async function refreshTokenState(
  engine: Engine,
  id: string,
): Promise<Pick<RefreshRow, 'rotated_at' | 'revoked_at'> | undefined> {
  return engine.get('SELECT rotated_at, revoked_at FROM refresh_tokens WHERE id = :id', { id });
}

export async function setSuccessor(engine: Engine, id: string, next: string): Promise<void> {
  await engine.run('UPDATE refresh_tokens SET successor_id = :next WHERE id = :id', { next, id });
}

export async function markRotated(engine: Engine, id: string, now: string): Promise<void> {
  await engine.run('UPDATE refresh_tokens SET rotated_at = :now WHERE id = :id', { now, id });
}

export async function markRevoked(engine: Engine, id: string, now: string): Promise<void> {
  await engine.run('UPDATE refresh_tokens SET revoked_at = :now WHERE id = :id', { now, id });
}

/** Revokes every token of a family not revoked yet. */
export async function revokeFamilyTokens(engine: Engine, familyId: string, now: string): Promise<void> {
  await engine.run('UPDATE refresh_tokens SET revoked_at = :now WHERE family_id = :familyId AND revoked_at IS NULL', {
    now,
    familyId,
  });
}

/** Revokes every token of a person not revoked yet, but those of the family `keep`. */
export async function revokePersonTokens(
  engine: Engine,
  who: { userId: string; organizationId: string; keep: string | null },
  now: string,
): Promise<void> {
  await engine.run(
    `UPDATE refresh_tokens SET revoked_at = :now
     WHERE user_id = :userId AND organization_id = :organizationId AND revoked_at IS NULL
       AND family_id <> :keep`,
    { ...who, keep: who.keep ?? '', now },
  );
}

/** Drops the tokens expired before `now`; answers how many. */
export async function deleteExpiredRefreshTokens(engine: Engine, now: string): Promise<number> {
  return (await engine.run('DELETE FROM refresh_tokens WHERE expires_at < :now', { now })).changes;
}

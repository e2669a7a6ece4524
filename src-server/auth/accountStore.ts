import type { Engine } from '../db/engine/engine';

// Accounts as signing in and authenticating read them: service-wide, before any organization is
// known, and the only statements that read a password's hash.

export interface SignInRow {
  id: string;
  organization_id: string;
  email: string;
  password_hash: string;
  /** JSON: the account's roles. */
  roles: string;
}

export type AccountRow = Omit<SignInRow, 'password_hash'>;

/** The account signing in with this (lower-cased) email. */
export async function findSignIn(engine: Engine, email: string): Promise<SignInRow | undefined> {
  return engine.get<SignInRow>(
    'SELECT id, organization_id, email, password_hash, roles FROM users WHERE email = :email',
    { email },
  );
}

/** The account behind a token, if it is still of that organization. */
export async function findAccount(
  engine: Engine,
  userId: string,
  organizationId: string,
): Promise<AccountRow | undefined> {
  return engine.get<AccountRow>(
    'SELECT id, organization_id, email, roles FROM users WHERE id = :userId AND organization_id = :organizationId',
    { userId, organizationId },
  );
}

/** The roles (JSON) of an account of the organization; undefined when it is gone. */
export async function rolesOf(engine: Engine, userId: string, organizationId: string): Promise<string | undefined> {
  const row = await engine.get<{ roles: string }>(
    'SELECT roles FROM users WHERE id = :userId AND organization_id = :organizationId',
    { userId, organizationId },
  );
  return row?.roles;
}

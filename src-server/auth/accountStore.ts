import type { PersonStatus } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

// Accounts as signing in and authenticating read them: service-wide, before any organization is
// known, and the only statements that read or write a password's hash.

export interface AccountRow {
  id: string;
  organization_id: string;
  email: string;
  /** JSON: the account's roles. */
  roles: string;
  status: PersonStatus;
  end_date: string | null;
}

export interface SignInRow extends AccountRow {
  /** Empty while the person is invited: no password matches it. */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** The language of their mails (null: English). */
  locale: string | null;
}

const ACCOUNT = 'id, organization_id, email, roles, status, end_date';
const SIGN_IN = `${ACCOUNT}, password_hash, first_name, last_name, locale`;

/** The accounts with this (lower-cased) email, in every organization. */
export async function findSignIns(engine: Engine, email: string): Promise<SignInRow[]> {
  return engine.all<SignInRow>(`SELECT ${SIGN_IN} FROM users WHERE email = :email`, { email });
}

/** The account behind a token, if it is still of that organization. */
export async function findAccount(
  engine: Engine,
  userId: string,
  organizationId: string,
): Promise<AccountRow | undefined> {
  return engine.get<AccountRow>(
    `SELECT ${ACCOUNT} FROM users WHERE id = :userId AND organization_id = :organizationId`,
    { userId, organizationId },
  );
}

/** A person's account with its hash (a password change checks the current one). */
export async function findOwnSignIn(tenant: TenantDb, userId: string): Promise<SignInRow | undefined> {
  return tenant.get<SignInRow>(`SELECT ${SIGN_IN} FROM users WHERE organization_id = :org AND id = :userId`, {
    userId,
  });
}

/** Sets a person's password; an invited person becomes active. A new version: the record's status may change. */
export async function setPasswordHash(tenant: TenantDb, userId: string, hash: string, now: string): Promise<void> {
  await tenant.run(
    `UPDATE users SET password_hash = :hash, status = CASE WHEN status = 'INVITED' THEN 'ACTIVE' ELSE status END,
       updated_at = CASE WHEN status = 'INVITED' THEN :now ELSE updated_at END,
       version = CASE WHEN status = 'INVITED' THEN version + 1 ELSE version END
     WHERE organization_id = :org AND id = :userId`,
    { userId, hash, now },
  );
}

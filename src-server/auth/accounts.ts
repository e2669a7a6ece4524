import { roleSchema } from '../../src-shared/wire';
import { highestRole, type Caller } from '../access/scope';
import type { Db } from '../db/open';
import { serviceStatement, TenantDb } from '../db/tenantDb';

/** The account behind a request, read afresh, and its organization's change counter (see etag.ts). */
export interface Account {
  caller: Caller;
  tenant: TenantDb;
  changeCounter: number;
}

interface AccountRow {
  id: string;
  organization_id: string;
  email: string;
  roles: string;
}

const KEPT_ACCOUNTS = 10_000;
const rolesSchema = roleSchema.array();

/**
 * Reads the account of each request, so a deleted account or a changed role counts at once.
 * Every write to an account moves its organization's change counter (triggers), so an account
 * read under the counter as it is now is the account as it is now: while the counter stands
 * still, a request reads only the counter.
 */
export class Accounts {
  private readonly kept = new Map<string, Account>();

  constructor(private readonly db: Db) {}

  /** After a lost group commit: change counter values come round again with other writes. */
  forget(): void {
    this.kept.clear();
  }

  read(userId: string, organizationId: string): Account | undefined {
    const counter =
      (
        serviceStatement(this.db, 'SELECT counter FROM change_counters WHERE organization_id = ?').get(
          organizationId,
        ) as { counter: number } | undefined
      )?.counter ?? 0;
    const known = this.kept.get(userId);
    if (known && known.changeCounter === counter && known.caller.organizationId === organizationId) return known;

    // (Read in the same turn as the counter: no write can fall between them.)
    const row = serviceStatement(
      this.db,
      'SELECT id, organization_id, email, roles FROM users WHERE id = ? AND organization_id = ?',
    ).get(userId, organizationId) as AccountRow | undefined;
    this.kept.delete(userId);
    if (!row) return undefined;
    const roles = rolesSchema.parse(JSON.parse(row.roles));
    const account: Account = {
      caller: Object.freeze({
        userId: row.id,
        organizationId: row.organization_id,
        email: row.email,
        roles,
        role: highestRole(roles),
      }),
      tenant: new TenantDb(this.db, row.organization_id),
      changeCounter: counter,
    };
    // A Map iterates in insertion order: the first key is the oldest kept.
    if (this.kept.size >= KEPT_ACCOUNTS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(userId, account);
    return account;
  }
}

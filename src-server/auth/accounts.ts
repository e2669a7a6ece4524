import { roleSchema } from '@shared/wire';
import { highestRole, type Caller } from '../access/scope';
import { readChangeCounters } from '../db/engine/changeCounters';
import type { Engine } from '../db/engine/engine';
import { TenantDb } from '../db/tenantDb';
import { KeptMap } from '../system/keptMap';
import { findAccount } from './accountStore';

/** The account behind a request, as it is now, and its organization's change counter (see etag.ts). */
export interface Account {
  caller: Caller;
  tenant: TenantDb;
  changeCounter: number;
  /** The last working day, when the person is leaving or has left. */
  endDate: string | null;
}

interface KeptAccount {
  caller: Caller;
  tenant: TenantDb;
  /** The organization's accounts counter when the account was read. */
  accounts: number;
  endDate: string | null;
}

const KEPT_ACCOUNTS = 10_000;
const rolesSchema = roleSchema.array();

/**
 * Reads the account of each request, so a deleted account or a changed role counts at once.
 * Every write to an organization's accounts moves its accounts counter (triggers, migration 8),
 * so an account read under that counter as it is now is the account as it is now: while it
 * stands still, a request reads only the counters, however much else the organization writes.
 */
export class Accounts {
  private readonly kept = new KeptMap<string, KeptAccount>(KEPT_ACCOUNTS);

  constructor(private readonly engine: Engine) {}

  /** After a lost group commit: counter values come round again with other writes. */
  forget(): void {
    this.kept.clear();
  }

  async read(userId: string, organizationId: string): Promise<Account | undefined> {
    const counters = await readChangeCounters(this.engine, organizationId);
    const known = this.kept.get(userId);
    if (known && known.accounts === counters.accounts && known.caller.organizationId === organizationId) {
      return { caller: known.caller, tenant: known.tenant, changeCounter: counters.counter, endDate: known.endDate };
    }

    // Read after the counters: a write between them moves the counter past what is kept here,
    // so the next request reads the account again.
    const row = await findAccount(this.engine, userId, organizationId);
    this.kept.delete(userId);
    if (!row) return undefined;
    const roles = rolesSchema.parse(JSON.parse(row.roles));
    const account: KeptAccount = {
      caller: Object.freeze({
        userId: row.id,
        organizationId: row.organization_id,
        email: row.email,
        roles,
        role: highestRole(roles),
      }),
      tenant: new TenantDb(this.engine, row.organization_id),
      accounts: counters.accounts,
      endDate: row.end_date,
    };
    this.kept.set(userId, account);
    return { caller: account.caller, tenant: account.tenant, changeCounter: counters.counter, endDate: row.end_date };
  }
}

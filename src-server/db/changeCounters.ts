import type { Db } from './open';
import { serviceStatement } from './tenantDb';

/**
 * An organization's counters (migrations 5 and 8): `counter` moves with every write in it,
 * `accounts` with every write to its accounts. Keys for what may be kept while they stand still.
 */
export interface ChangeCounters {
  counter: number;
  accounts: number;
}

export function readChangeCounters(db: Db, organizationId: string): ChangeCounters {
  return (
    (serviceStatement(db, 'SELECT counter, accounts FROM change_counters WHERE organization_id = ?').get(
      organizationId,
    ) as ChangeCounters | undefined) ?? { counter: 0, accounts: 0 }
  );
}

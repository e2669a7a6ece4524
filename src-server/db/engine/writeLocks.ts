import type { Engine } from './engine';

/**
 * What a write transaction of one organization on PostgreSQL waits for, taken before its first
 * statement and held to its commit (SQLite's single writer needs none). Most writes take the
 * organization's lock whole: they take turns, as on SQLite, so every check in one (a form's limit,
 * a manager's reports, a policy) sees every write committed before it, whichever instance made it.
 * A write that reads and changes only one person's records (their own leave) shares the
 * organization's lock and takes that person's whole: writes for different people go together,
 * while a write of the whole organization still waits for them and they for it.
 */
export interface WriteScope {
  /** The one person whose records the transaction checks and changes. */
  person: string;
}

// The organization's key is one bigint, a person's two integers: PostgreSQL keeps the two kinds
// of advisory key apart, so neither can meet the other.
const WHOLE = 'SELECT pg_advisory_xact_lock(hashtextextended(:organizationId, 0))';
const ONE_PERSON = `SELECT pg_advisory_xact_lock_shared(hashtextextended(:organizationId, 0)),
  pg_advisory_xact_lock(hashtext(:organizationId), hashtext(:person))`;

export async function lockForWrite(engine: Engine, organizationId: string, scope?: WriteScope): Promise<void> {
  if (scope) await engine.get(ONE_PERSON, { organizationId, person: scope.person });
  else await engine.get(WHOLE, { organizationId });
}

import { lockChangeCounter } from './engine/changeCounters';
import type { Engine, Params, TransactionMode } from './engine/engine';

/**
 * The one place organization scope is applied: every statement must use the `:org` parameter,
 * and this binds it from the authenticated caller. Routes never pass an organization id
 * themselves, so a query cannot forget it or take it from input.
 */
export class TenantDb {
  constructor(
    readonly engine: Engine,
    readonly organizationId: string,
  ) {}

  get<T>(sql: string, params: Params = {}): Promise<T | undefined> {
    return this.engine.get<T>(scoped(sql), this.bind(params));
  }

  all<T>(sql: string, params: Params = {}): Promise<T[]> {
    return this.engine.all<T>(scoped(sql), this.bind(params));
  }

  run(sql: string, params: Params = {}): Promise<{ changes: number }> {
    return this.engine.run(scoped(sql), this.bind(params));
  }

  /**
   * `fn` in one transaction. A write on PostgreSQL first locks the organization's change counter row,
   * which its first write would lock anyway: the organization's write transactions take turns, as
   * on SQLite, so every check in one (a clash of dates, a form's limit, a version for If-Match) sees
   * every write committed before it, whichever instance made it.
   */
  transaction<T>(fn: () => Promise<T>, mode: TransactionMode = 'write'): Promise<T> {
    if (mode === 'read' || this.engine.kind === 'sqlite' || this.engine.uncommitted) {
      return this.engine.transaction(fn, mode);
    }
    return this.engine.transaction(async () => {
      await lockChangeCounter(this.engine, this.organizationId);
      return fn();
    }, mode);
  }

  private bind(params: Params): Params {
    if ('org' in params) throw new Error('The :org parameter is bound by TenantDb, never by a caller');
    return { ...params, org: this.organizationId };
  }
}

function scoped(sql: string): string {
  if (!/:org\b/.test(sql)) throw new Error(`Tenant query without organization scope (:org): ${sql.slice(0, 120)}`);
  return sql;
}

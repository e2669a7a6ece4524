import { lockForWrite, type WriteScope } from './engine/writeLocks';
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
   * `fn` in one transaction. A write on PostgreSQL first takes the organization's write lock
   * (writeLocks.ts): whole, so the organization's writes take turns as on SQLite and every check in
   * one sees every write committed before it; or, for a write that touches one `person`'s records
   * only, that person's part of it.
   */
  transaction<T>(fn: () => Promise<T>, mode: TransactionMode = 'write', scope?: WriteScope): Promise<T> {
    if (mode === 'read' || this.engine.kind === 'sqlite' || this.engine.uncommitted) {
      return this.engine.transaction(fn, mode);
    }
    return this.engine.transaction(async () => {
      await lockForWrite(this.engine, this.organizationId, scope);
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

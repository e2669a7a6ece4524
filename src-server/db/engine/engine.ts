/** Named parameters of a statement (`:name` in its text). */
export type Params = Record<string, unknown>;

/**
 * A store the service's statements run on: SQLite (the embedded default) or PostgreSQL. Every
 * call is asynchronous, so the two are used alike; a statement inside `transaction` runs in that
 * transaction, whichever await it follows, and nothing else runs in it.
 */
export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  get<T>(sql: string, params?: Params): Promise<T | undefined>;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /** `fn` in one transaction; nested, a savepoint. A throw undoes it and is thrown on. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The one place organization scope is applied: every statement must use `:org`, bound here from the
 * authenticated caller's organization, never by a caller.
 */
export class ScopedDb {
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

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.engine.transaction(fn);
  }

  private bind(params: Params): Params {
    if ('org' in params) throw new Error('The :org parameter is bound by the scoped handle, never by a caller');
    return { ...params, org: this.organizationId };
  }
}

function scoped(sql: string): string {
  if (!/:org\b/.test(sql)) throw new Error(`Tenant query without organization scope (:org): ${sql.slice(0, 120)}`);
  return sql;
}

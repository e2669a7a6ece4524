import type Database from 'better-sqlite3-multiple-ciphers';
import type { Db } from './open';

type Params = Record<string, unknown>;

const statementCache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A statement prepared once per database. */
export function prepared(db: Db, sql: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

type RowBuilder = (values: unknown[]) => unknown;
const rowBuilders = new WeakMap<Database.Statement, RowBuilder>();

/**
 * All rows of a statement, as objects made by a function written for its columns. better-sqlite3
 * sets each column on a fresh object through V8's API; an object literal of the same keys is
 * built in a fraction of that and serializes faster too. The keys are the statement's own column
 * names, quoted.
 */
export function allRows<T>(stmt: Database.Statement, params: Params): T[] {
  let build = rowBuilders.get(stmt);
  if (!build) {
    const fields = stmt.columns().map((column, i) => `${JSON.stringify(column.name)}: v[${i}]`);
    build = new Function('v', `return { ${fields.join(', ')} };`) as RowBuilder;
    rowBuilders.set(stmt, build);
  }
  stmt.raw(true);
  try {
    return (stmt.all(params) as unknown[][]).map(build) as T[];
  } finally {
    stmt.raw(false);
  }
}

type Runner = Database.Transaction<(fn: () => unknown) => unknown>;
const runners = new WeakMap<Db, Runner>();

/**
 * One transaction function per database that runs whatever it is given: better-sqlite3 builds
 * five wrappers for each function it makes transactional, a tenth of a leave request's handler.
 */
function transactionRunner(db: Db): Runner {
  let runner = runners.get(db);
  if (!runner) {
    runner = db.transaction((fn: () => unknown) => fn());
    runners.set(db, runner);
  }
  return runner;
}

/** A statement prepared once per database, for service-wide tables. */
export function serviceStatement(db: Db, sql: string): Database.Statement {
  return prepared(db, sql);
}

/**
 * The one place organization scope is applied: every statement must use the `:org`
 * parameter, and this binds it from the authenticated caller. Routes never pass an
 * organization id themselves, so a query cannot forget it or take it from input.
 */
export class TenantDb {
  constructor(
    readonly db: Db,
    readonly organizationId: string,
  ) {}

  get<T>(sql: string, params: Params = {}): T | undefined {
    return this.statement(sql).get(this.bind(params)) as T | undefined;
  }

  all<T>(sql: string, params: Params = {}): T[] {
    return allRows<T>(this.statement(sql), this.bind(params));
  }

  run(sql: string, params: Params = {}): Database.RunResult {
    return this.statement(sql).run(this.bind(params));
  }

  /**
   * Runs `fn` in one transaction (nested calls become savepoints). 'immediate' takes the write
   * lock before the first read, for check-then-write rules another process might race. Inside a
   * request that writes, it is a savepoint of the group commit's batch, which holds that lock.
   */
  transaction<T>(fn: () => T, mode: 'deferred' | 'immediate' = 'deferred'): T {
    const tx = transactionRunner(this.db);
    return (mode === 'immediate' ? tx.immediate(fn) : tx(fn)) as T;
  }

  private bind(params: Params): Params {
    if ('org' in params) throw new Error('The :org parameter is bound by TenantDb, never by a caller');
    return { ...params, org: this.organizationId };
  }

  private statement(sql: string): Database.Statement {
    if (!/:org\b/.test(sql)) {
      throw new Error(`Tenant query without organization scope (:org): ${sql.slice(0, 120)}`);
    }
    return prepared(this.db, sql);
  }
}

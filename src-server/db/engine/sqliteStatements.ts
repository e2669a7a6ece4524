import type Database from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../open';

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
    // SQLite's one writer holds its lock for the whole transaction: a row lock means nothing to it.
    stmt = db.prepare(sql.replace(/\s+FOR UPDATE\b/g, ''));
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

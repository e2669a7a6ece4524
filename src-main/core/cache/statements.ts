import type Database from 'better-sqlite3-multiple-ciphers';
import type { CacheDb } from './openCache';

type Statement = Database.Statement<unknown[]>;
const statements = new WeakMap<CacheDb, Map<string, Statement>>();

/** A statement prepared once per cache database: hot reads and writes skip parsing their SQL. */
export function prepared(db: CacheDb, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare<unknown[]>(sql)));
  return s;
}

import type { CacheDb } from './openCache';
import { prepared } from './statements';

/**
 * What the cache remembers of each answer it stored: the ETag to ask with next time, and for a
 * page of a list the ids it held (a 304 keeps them without the body). Keys: `<list>#<page>`,
 * `calendar#<start>#<end>`, `analytics:<form>`, `state#…`, or a resource's own name.
 */
export interface KeptPage {
  etag: string | null;
  ids: string;
}

export function keptPage(db: CacheDb, key: string): KeptPage | undefined {
  return prepared(db, 'SELECT etag, ids FROM sync_pages WHERE key = ?').get(key) as KeptPage | undefined;
}

/** A page of a list: its tag and the ids it held. */
export function keepPage(db: CacheDb, key: string, etag: string | null, ids: string): void {
  prepared(
    db,
    'INSERT INTO sync_pages (key, etag, ids) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET etag = excluded.etag, ids = excluded.ids',
  ).run(key, etag, ids);
}

/** A resource that is not paged: its tag only. */
export function keepTag(db: CacheDb, key: string, etag: string | null): void {
  prepared(
    db,
    "INSERT INTO sync_pages (key, etag, ids) VALUES (?, ?, '[]') ON CONFLICT (key) DO UPDATE SET etag = excluded.etag",
  ).run(key, etag);
}

/**
 * A 304 may come with a new tag for the same content (the service's state moved on, this answer
 * did not): kept, it lets the next pull be answered before the service builds the answer again.
 */
export function renewTag(db: CacheDb, key: string, kept: string | null, renewed: string | null): void {
  if (renewed && renewed !== kept) prepared(db, 'UPDATE sync_pages SET etag = ? WHERE key = ?').run(renewed, key);
}

/** Pages of a list past its last one: gone from the service. */
export function forgetPagesAfter(db: CacheDb, list: string, lastPage: number): void {
  const keys = prepared(db, 'SELECT key FROM sync_pages WHERE key LIKE ?').all(`${list}#%`) as { key: string }[];
  const drop = prepared(db, 'DELETE FROM sync_pages WHERE key = ?');
  for (const { key } of keys) if (Number(key.slice(list.length + 1)) > lastPage) drop.run(key);
}

/** Forgets every kept answer whose key starts with `prefix`, except `keep`. */
export function forgetPages(db: CacheDb, prefix: string, keep: readonly string[] = []): void {
  const keys = prepared(db, 'SELECT key FROM sync_pages WHERE substr(key, 1, ?) = ?').all(prefix.length, prefix) as {
    key: string;
  }[];
  const drop = prepared(db, 'DELETE FROM sync_pages WHERE key = ?');
  for (const { key } of keys) if (!keep.includes(key)) drop.run(key);
}

/** Forgets every kept answer but those starting with `prefix`: the next pull asks for all afresh. */
export function forgetPagesExcept(db: CacheDb, prefix: string): void {
  prepared(db, 'DELETE FROM sync_pages WHERE substr(key, 1, ?) <> ?').run(prefix.length, prefix);
}

/** Forgets the analytics' tags of forms no longer in the cache. */
export function forgetAnalyticsOfGoneForms(db: CacheDb): void {
  prepared(
    db,
    "DELETE FROM sync_pages WHERE key LIKE 'analytics:%' AND substr(key, 11) NOT IN (SELECT id FROM forms)",
  ).run();
}

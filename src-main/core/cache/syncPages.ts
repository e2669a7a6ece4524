import type { CacheDb } from './openCache';
import { prepared } from './statements';

/**
 * What the cache remembers of each answer it stored: the ETag to ask with next time, and for a
 * page of a list the ids it held (a 304 keeps them without the body). Keys: `<list>#<page>`,
 * `calendar#<start>#<end>`, `analytics:<form>`, `state#…`, or a resource's own name.
 */
export interface KeptPage {
  etag: string | null;
  /** The ids the page held and its list's pages then, read when wanted (a 304). */
  held(): PageIds;
}

/** The ids a page of a list held, and how many pages the list had then (null: not said). */
export interface PageIds {
  ids: string[];
  totalPages: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids that are all UUIDs as written here (lower case) as 16 bytes each, else null. */
export function packIds(ids: readonly string[]): Buffer | null {
  const out = Buffer.allocUnsafe(ids.length * 16);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (!UUID.test(id)) return null;
    const at = i * 16;
    out.write(id.slice(0, 8), at, 'hex');
    out.write(id.slice(9, 13), at + 4, 'hex');
    out.write(id.slice(14, 18), at + 6, 'hex');
    out.write(id.slice(19, 23), at + 8, 'hex');
    out.write(id.slice(24), at + 10, 'hex');
  }
  return out;
}

/** The ids `packIds` packed, or kept as a JSON array (ids of another shape). */
export function unpackIds(stored: Buffer | string): string[] {
  if (typeof stored === 'string') return JSON.parse(stored) as string[];
  const hex = stored.toString('hex');
  const ids: string[] = [];
  for (let at = 0; at < hex.length; at += 32) {
    ids.push(
      `${hex.slice(at, at + 8)}-${hex.slice(at + 8, at + 12)}-${hex.slice(at + 12, at + 16)}-${hex.slice(at + 16, at + 20)}-${hex.slice(at + 20, at + 32)}`,
    );
  }
  return ids;
}

export function keptPage(db: CacheDb, key: string): KeptPage | undefined {
  const row = prepared(db, 'SELECT etag, ids, total_pages FROM sync_pages WHERE key = ?').get(key) as
    { etag: string | null; ids: Buffer | string; total_pages: number | null } | undefined;
  return row && { etag: row.etag, held: () => ({ ids: unpackIds(row.ids), totalPages: row.total_pages }) };
}

/** A page of a list: its tag and the ids it held, UUIDs as 16 bytes each (a 10,000-people cache keeps 150,000). */
export function keepPage(db: CacheDb, key: string, etag: string | null, page: PageIds): void {
  prepared(
    db,
    `INSERT INTO sync_pages (key, etag, ids, total_pages) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET etag = excluded.etag, ids = excluded.ids, total_pages = excluded.total_pages`,
  ).run(key, etag, packIds(page.ids) ?? JSON.stringify(page.ids), page.totalPages);
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

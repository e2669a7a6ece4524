import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { defineMessages } from '@formatjs/intl';
import { encryptInPlace, openSqlite, reencryptEarlier } from '../../../src-node/sqlite/openSqlite';
import { speak } from '../api/language';
import { openCache, setMeta, type CacheDb, type OpenCacheOptions } from './openCache';

const NOTICES = defineMessages({
  unreadable: {
    id: 'core.cache.unreadable',
    defaultMessage:
      'The local copy of your data could not be opened with the key this computer has now (it was kept for one session only), so it is being fetched from the service again.',
  },
  damaged: {
    id: 'core.cache.damaged',
    defaultMessage:
      'The local copy of your data was damaged, so it is being fetched from the service again{count, plural, =0 {} one {; your # unsent change was kept} other {; your # unsent changes were kept}}.',
  },
});

/** What the cache must never lose: changes not sent yet, the ids they refer to, and who is acting. */
interface Rescued {
  outbox: Record<string, unknown>[];
  idMap: Record<string, unknown>[];
  nationality: string | null;
}

const damaged = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CORRUPT' ||
    code === 'SQLITE_NOTADB' ||
    (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
  );
};

/** Reads what can be read of the unsent changes from a damaged file (each table on its own). */
function rescue(path: string, options: OpenCacheOptions): Rescued {
  const rescued: Rescued = { outbox: [], idMap: [], nationality: null };
  let db: CacheDb | null = null;
  try {
    db = openSqlite(path, { ...options, readonly: true });
    const read = <T>(work: (d: CacheDb) => T, fallback: T): T => {
      try {
        return work(db!);
      } catch {
        return fallback;
      }
    };
    rescued.outbox = read((d) => d.prepare('SELECT * FROM outbox ORDER BY seq').all() as Record<string, unknown>[], []);
    rescued.idMap = read((d) => d.prepare('SELECT * FROM id_map').all() as Record<string, unknown>[], []);
    rescued.nationality = read(
      (d) =>
        (d.prepare("SELECT value FROM meta WHERE key = 'nationality'").get() as { value: string } | undefined)?.value ??
        null,
      null,
    );
  } catch {
    // Not even readable: nothing to keep but the account, which lives outside this file.
  } finally {
    db?.close();
  }
  return rescued;
}

function insertAll(db: CacheDb, table: string, rows: Record<string, unknown>[]): void {
  for (const row of rows) {
    const columns = Object.keys(row);
    db.prepare(
      `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ).run(...columns.map((c) => row[c]));
  }
}

/** Beside a cache while it is open: still there at the next start, it says the app did not close it. */
const openMark = (path: string) => `${path}.open`;

/** After the cache's connection is closed: the next start need not check the file. */
export function closedCleanly(path: string): void {
  rmSync(openMark(path), { force: true });
}

/**
 * Opens an account's cache, checking it first when the app did not close it last time (a crash,
 * a kill, a power cut: the check reads the whole file, 60 ms at an admin's 40 MB). A damaged file
 * is set aside (renamed, never deleted), its unsent changes saved beside it first, then put into a
 * fresh cache that the next sync fills from the service again; `notice` tells the user in one sentence.
 */
export function openCheckedCache(path: string, options: OpenCacheOptions = {}): { db: CacheDb; notice: string | null } {
  let db: CacheDb | null = null;
  let unreadable = false;
  const uncleanClose = existsSync(openMark(path));
  // A cache from before encryption at rest is encrypted once, in place, unsent changes and all.
  if (options.key) encryptInPlace(path, options.key, options);
  try {
    db = openCache(path, options);
    writeFileSync(openMark(path), '', { mode: 0o600 });
    if (!uncleanClose || db.pragma('quick_check', { simple: true }) === 'ok') return { db, notice: null };
  } catch (error) {
    if (!damaged(error)) throw error;
    unreadable = (error as { code?: unknown }).code === 'SQLITE_NOTADB' && !!options.key;
    // A cache encrypted the earlier way is encrypted again once, then opened as any other.
    if (unreadable && reencryptEarlier(path, options.key!, options)) return openCheckedCache(path, options);
  }
  db?.close();
  const rescued = rescue(path, options);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(`${path}.unsent-${stamp}.json`, JSON.stringify(rescued), { mode: 0o600 });
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, `${path}.damaged-${stamp}${suffix}`);
  }
  const fresh = openCache(path, options);
  writeFileSync(openMark(path), '', { mode: 0o600 });
  fresh.transaction(() => {
    insertAll(fresh, 'outbox', rescued.outbox);
    insertAll(fresh, 'id_map', rescued.idMap);
    if (rescued.nationality) setMeta(fresh, 'nationality', rescued.nationality);
  })();
  const n = rescued.outbox.length;
  if (unreadable && n === 0) return { db: fresh, notice: speak(NOTICES.unreadable) };
  return { db: fresh, notice: speak(NOTICES.damaged, { count: n }) };
}

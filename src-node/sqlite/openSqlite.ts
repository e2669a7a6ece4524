import Database from 'better-sqlite3-multiple-ciphers';
import { closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDb = Database.Database;

export interface OpenSqliteOptions {
  /** Absolute path of a better-sqlite3 build for another runtime (Electron's ABI). */
  nativeBinding?: string;
  /** Read what is there and write nothing (no folder made, no settings changed). */
  readonly?: boolean;
  /** The file is encrypted with this key (see cipherPragmas). */
  key?: Buffer;
}

/**
 * How an encrypted file is read and written, on every connection to it: AEGIS-256, an authenticated
 * cipher built on the processor's AES instructions, with a fresh nonce at each page write and a tag
 * that makes a changed page read as damage. The key is 256 random bits already, so its derivation
 * (Argon2id) is set to its cheapest: opening costs a millisecond, not the default's 20 to 30.
 * `rekey` encrypts a plain file with the same settings.
 */
export function cipherPragmas(key: Buffer, verb: 'hexkey' | 'hexrekey' = 'hexkey'): string[] {
  return [
    "cipher = 'aegis'",
    "algorithm = 'aegis-256'",
    'tcost = 1',
    'mcost = 8',
    'pcost = 1',
    `${verb} = '${key.toString('hex')}'`,
  ];
}
/**
 * What caches were encrypted with before: SQLCipher's format, AES-256-CBC without its HMAC, slower
 * to write and unauthenticated. Such a file is encrypted again once (`reencryptEarlier`).
 */
const EARLIER_CIPHER = ["cipher = 'sqlcipher'", 'hmac_use = 0', 'kdf_iter = 1'];

const PLAIN_HEADER = 'SQLite format 3\0';

/** Whether a file is an unencrypted SQLite database (an encrypted one starts with random bytes). */
export function isPlainSqlite(path: string): boolean {
  if (!existsSync(path)) return false;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === PLAIN_HEADER;
  } finally {
    closeSync(fd);
  }
}

/**
 * Encrypts an unencrypted database in place with `key`. False when there was nothing plain to
 * encrypt.
 */
export function encryptInPlace(
  path: string,
  key: Buffer,
  options: Pick<OpenSqliteOptions, 'nativeBinding'> = {},
): boolean {
  return isPlainSqlite(path) && encryptAgain(path, key, options, () => true);
}

/**
 * Encrypts a file made with the earlier cipher again with today's, in place. False when the file
 * does not open with the earlier cipher and `key` either: it is not one of those, or the key is
 * not its own.
 */
export function reencryptEarlier(
  path: string,
  key: Buffer,
  options: Pick<OpenSqliteOptions, 'nativeBinding'> = {},
): boolean {
  if (!existsSync(path) || isPlainSqlite(path)) return false;
  return encryptAgain(path, key, options, (db) => {
    for (const pragma of EARLIER_CIPHER) db.pragma(pragma);
    db.pragma(`hexkey = '${key.toString('hex')}'`);
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Rewrites the file with `cipherPragmas(key)` once `readable` has made the connection read it as it
 * is (false: leave it be). Its log is folded in first: rekeying works on a rollback journal only.
 */
function encryptAgain(
  path: string,
  key: Buffer,
  options: Pick<OpenSqliteOptions, 'nativeBinding'>,
  readable: (db: SqliteDb) => boolean,
): boolean {
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    if (!readable(db)) return false;
    db.pragma('journal_mode = DELETE');
    for (const pragma of cipherPragmas(key, 'hexrekey')) db.pragma(pragma);
    return true;
  } finally {
    db.close();
  }
}

/**
 * Opens a SQLite file with the settings the service and the app's cache share: write-ahead log,
 * commits durable at checkpoints, foreign keys checked, a wait instead of an error when another
 * connection holds the lock, and temporary data in memory (a request's savepoint otherwise spills
 * its sub-journal to a new file on every batch).
 */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteDb {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const keyed = (db: SqliteDb) => {
    if (options.key) for (const pragma of cipherPragmas(options.key)) db.pragma(pragma);
    return db;
  };
  if (options.readonly) return keyed(new Database(path, { readonly: true, ...binding }));
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, binding);
  // A file that cannot be read (the wrong key, damage) leaves no connection behind holding its locks.
  return closedOnFailure(db, () => {
    keyed(db);
    if (!inMemory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('temp_store = MEMORY');
    return db;
  });
}

/** `work`'s result, or its error once `db` is closed. */
export function closedOnFailure<T>(db: SqliteDb, work: () => T): T {
  try {
    return work();
  } catch (error) {
    db.close();
    throw error;
  }
}

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
 * How an encrypted file is read and written, on every connection to it: SQLCipher's page format,
 * AES-256-CBC with a fresh random IV at each page write (AES-NI makes it cheap). Its per-page
 * HMAC is off — the threat is a lost computer, whose files must say nothing, and the HMAC cost a
 * third of a first sync — and so is the key derivation: the key is 256 random bits already.
 * `rekey` encrypts a plain file with the same settings.
 */
export function cipherPragmas(key: Buffer, verb: 'hexkey' | 'hexrekey' = 'hexkey'): string[] {
  return ["cipher = 'sqlcipher'", 'hmac_use = 0', 'kdf_iter = 1', `${verb} = '${key.toString('hex')}'`];
}

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
 * Encrypts an unencrypted database in place with `key` (its log folded in first: rekeying works
 * on a rollback journal only). False when there was nothing plain to encrypt.
 */
export function encryptInPlace(
  path: string,
  key: Buffer,
  options: Pick<OpenSqliteOptions, 'nativeBinding'> = {},
): boolean {
  if (!isPlainSqlite(path)) return false;
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = DELETE');
    for (const pragma of cipherPragmas(key, 'hexrekey')) db.pragma(pragma);
  } finally {
    db.close();
  }
  return true;
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
  const db = keyed(new Database(path, binding));
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  return db;
}

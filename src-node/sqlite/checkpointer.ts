import type Database from 'better-sqlite3-multiple-ciphers';
import { Worker } from 'node:worker_threads';
import { cipherPragmas } from './openSqlite';

type Db = Database.Database;

/** What one `wal_checkpoint(PASSIVE)` did: frames in the log, frames copied into the database. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface CheckpointerOptions {
  /** How often the log is copied back (default 500 ms). */
  intervalMs?: number;
  /** The SQLite driver the thread loads (default: this process's better-sqlite3). */
  driver?: string;
  /** Its addon, when not the driver's own build (see openDatabase). */
  nativeBinding?: string;
  /** The database's key, when it is encrypted. */
  key?: Buffer;
  onCheckpoint?: (result: CheckpointResult) => void;
  /** The thread could not run: the connection checkpoints for itself again. */
  onFailure?: (error: Error) => void;
}

/** Past this many pages in the log, the connection checkpoints itself (the thread fell behind). */
const FALLBACK_PAGES = 16_384;
const SQLITE_DEFAULT_PAGES = 1_000;

/** How long closing waits for the thread to close its connection. */
const CLOSE_WAIT_MS = 2_000;

// Plain CommonJS run by the thread: its own connection to the file, one PASSIVE checkpoint per
// request. PASSIVE never waits for the writer, so requests on the main thread are not held up.
// Once its connection is closed it says so in \`closed\`, which the main thread may be waiting on.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
for (const pragma of workerData.keyPragmas) db.pragma(pragma);
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    Atomics.store(workerData.closed, 0, 1);
    Atomics.notify(workerData.closed, 0);
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(result);
  } catch {
    // Busy or locked for now: the next request tries again.
    parentPort.postMessage({ busy: 1, log: -1, checkpointed: -1 });
  }
});
`;

/**
 * Copies the write-ahead log back into the database on a thread of its own. SQLite otherwise
 * does it inside whichever commit crosses 1,000 pages: that request waits for the copy and two
 * fsyncs, a large part of the cost of a small write under load.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly timer: NodeJS.Timeout;
  private readonly exited: Promise<void>;
  private inFlight = false;
  private closed = false;
  private failed = false;
  /** Set to 1 by the thread once its connection is closed. */
  private readonly threadClosed = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly db: Db,
    path: string,
    options: CheckpointerOptions = {},
  ) {
    db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: {
        path,
        driver: options.driver ?? require.resolve('better-sqlite3-multiple-ciphers'),
        nativeBinding: options.nativeBinding,
        keyPragmas: options.key ? cipherPragmas(options.key) : [],
        closed: this.threadClosed,
      },
    });
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (result: CheckpointResult) => {
      this.inFlight = false;
      options.onCheckpoint?.(result);
    });
    this.worker.on('error', (error) => {
      this.failed = true;
      clearInterval(this.timer);
      if (!this.closed && db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
      options.onFailure?.(error);
    });
    this.timer = setInterval(() => {
      if (this.inFlight) return;
      this.inFlight = true;
      this.worker.postMessage('checkpoint');
    }, options.intervalMs ?? 500);
    this.timer.unref();
  }

  /**
   * Stops the thread and waits (blocking, at most two seconds) until its connection is closed, so
   * the caller may close the database, or delete its files, at once. The database's own close
   * copies whatever is left.
   */
  closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    if (!this.failed) {
      this.worker.postMessage('close');
      try {
        Atomics.wait(this.threadClosed, 0, 0, CLOSE_WAIT_MS);
      } catch {
        // A runtime whose main thread may not block (a browser's would not): the thread closes
        // its connection a moment later, and the files outlive it by as much.
      }
    }
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  }

  /** As closeNow, then waits for the thread to end. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closeNow();
    const late = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS);
    await this.exited;
    clearTimeout(late);
  }
}

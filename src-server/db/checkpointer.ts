import { Worker } from 'node:worker_threads';
import type { Db } from './open';

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
  onCheckpoint?: (result: CheckpointResult) => void;
  /** The thread could not run: the connection checkpoints for itself again. */
  onFailure?: (error: Error) => void;
}

/** Past this many pages in the log, the connection checkpoints itself (the thread fell behind). */
const FALLBACK_PAGES = 16_384;
const SQLITE_DEFAULT_PAGES = 1_000;

// Plain CommonJS run by the thread: its own connection to the file, one PASSIVE checkpoint per
// request. PASSIVE never waits for the writer, so requests on the main thread are not held up.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
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
 * fsyncs (measured: 25–200 ms, about a third of the cost of a small write under load).
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly timer: NodeJS.Timeout;
  private readonly exited: Promise<void>;
  private inFlight = false;
  private closed = false;

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
        driver: options.driver ?? require.resolve('better-sqlite3'),
        nativeBinding: options.nativeBinding,
      },
    });
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (result: CheckpointResult) => {
      this.inFlight = false;
      options.onCheckpoint?.(result);
    });
    this.worker.on('error', (error) => {
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

  /** Stops the thread; the database's own close copies whatever is left. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.worker.postMessage('close');
    const late = setTimeout(() => void this.worker.terminate(), 2_000);
    await this.exited;
    clearTimeout(late);
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  }
}

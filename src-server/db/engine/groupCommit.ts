import type { Db } from '../open';
import type { SqliteEngine } from './sqliteEngine';

/** Why a batch SQLite rolled back by itself is gone (a new error each time, so its stack says where it was noticed). */
const rolledBack = () => new Error('SQLite rolled the transaction back before its commit (full disk or I/O error)');

interface Batch {
  readonly epoch: number;
  /** Settles once the batch is committed or lost; never rejects. */
  readonly done: Promise<void>;
  readonly finish: () => void;
}

/**
 * Group commit: the writes of every request that reaches its handler in one turn of the event
 * loop share one SQLite transaction, committed when the turn ends (setImmediate). A commit writes
 * each changed page to the log once; requests that touch the same pages (the tail of an index,
 * the change counter) pay for them once between them rather than once each (measured in
 * `npm run bench`, part 6).
 *
 * Nothing leaves before it is committed: a request answers only once the batch open when it
 * answers has committed (see http/groupCommit.ts), and a request during which a batch was lost
 * answers 503, even one that only read, since it may have read what was lost. A request's own
 * transactions become savepoints of the batch, so one that fails undoes only its own writes.
 */
export class GroupCommit {
  private open: Batch | null = null;
  private epoch = 0;
  private lostEpoch = 0;
  private readonly lostListeners: ((cause: Error) => void)[] = [];

  private readonly db: Db;

  constructor(private readonly engine: SqliteEngine) {
    this.db = engine.db;
  }

  /** Where a request starts: any batch from this one on may hold its writes. */
  mark(): number {
    this.noticeRollback();
    return this.open ? this.open.epoch : this.epoch + 1;
  }

  /** Joins the batch of this turn, opening it if there is none. */
  join(): void {
    this.noticeRollback();
    if (this.open || this.db.inTransaction) return;
    this.db.exec('BEGIN IMMEDIATE');
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const batch: Batch = { epoch: ++this.epoch, done, finish };
    this.open = batch;
    setImmediate(() => void this.commit(batch));
  }

  /** Waits for the open batch; answers whether everything since `mark` was committed. */
  async settled(mark: number): Promise<boolean> {
    if (this.open) await this.open.done;
    return this.lostEpoch < mark;
  }

  /** The log, and caches keyed by the change counter: after a loss, counter values come round again. */
  onLost(listener: (cause: Error) => void): void {
    this.lostListeners.push(listener);
  }

  private async commit(batch: Batch): Promise<void> {
    // A request's transaction spanning awaits is a savepoint of the batch: it ends before the batch does.
    while (this.engine.holding) await this.engine.released();
    if (this.open !== batch) return;
    if (!this.db.inTransaction) return this.lose(batch, rolledBack());
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      try {
        // A failed COMMIT may have ended the transaction (TypeScript kept the check above).
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
      } catch {
        // Nothing more to undo: SQLite ended the transaction itself.
      }
      return this.lose(batch, error as Error);
    }
    this.open = null;
    batch.finish();
  }

  /** SQLite rolls a transaction back by itself on a full disk or an I/O error: the batch is gone. */
  private noticeRollback(): void {
    if (this.open && !this.db.inTransaction) this.lose(this.open, rolledBack());
  }

  private lose(batch: Batch, cause: Error): void {
    this.lostEpoch = batch.epoch;
    if (this.open === batch) this.open = null;
    for (const listener of this.lostListeners) listener(cause);
    batch.finish();
  }
}

/** What the service needs of a commit policy: SQLite's group commit, or PostgreSQL's commit per transaction. */
export type Commits = Pick<GroupCommit, 'mark' | 'join' | 'settled' | 'onLost'>;

/** PostgreSQL: each transaction commits by itself before its request answers; nothing is held back or lost later. */
export const commitEachTransaction: Commits = {
  mark: () => 0,
  join: () => undefined,
  settled: async () => true,
  onLost: () => undefined,
};

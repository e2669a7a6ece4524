import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { Db } from '../open';
import type { Engine, Params, TransactionMode } from './engine';
import { allRows, prepared } from './sqliteStatements';

/**
 * SQLite behind the asynchronous seam. better-sqlite3 runs each statement at once; what the seam
 * adds is that a transaction spanning awaits holds the connection: a statement from anywhere else
 * waits until it ends, so nothing joins a transaction it was not part of, and a rollback undoes
 * only its own. Inside a batch the group commit opened, a transaction is a savepoint of it.
 */
export class SqliteEngine implements Engine {
  readonly kind = 'sqlite';
  private readonly holder = new AsyncLocalStorage<symbol>();
  /** The transaction holding the connection, and when it lets go. */
  private held: { token: symbol; released: Promise<void> } | null = null;
  private depth = 0;
  private quieting = false;
  private readonly channels = new EventEmitter().setMaxListeners(0);

  constructor(readonly db: Db) {}

  async notify(channel: string, payload: string): Promise<void> {
    // After the caller's turn, as a notification from another connection would come.
    setImmediate(() => this.channels.emit(channel, payload));
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    this.channels.on(channel, onMessage);
    return async () => void this.channels.off(channel, onMessage);
  }

  get sqlite(): Db {
    return this.db;
  }

  get uncommitted(): boolean {
    return this.db.inTransaction;
  }

  get<T>(sql: string, params: Params = {}): Promise<T | undefined> {
    if (this.waits()) return this.turn().then(() => this.get<T>(sql, params));
    try {
      return Promise.resolve(prepared(this.db, sql).get(params) as T | undefined);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  all<T>(sql: string, params: Params = {}): Promise<T[]> {
    if (this.waits()) return this.turn().then(() => this.all<T>(sql, params));
    try {
      return Promise.resolve(allRows<T>(prepared(this.db, sql), params));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  run(sql: string, params: Params = {}): Promise<{ changes: number }> {
    if (this.waits()) return this.turn().then(() => this.run(sql, params));
    try {
      return Promise.resolve({ changes: prepared(this.db, sql).run(params).changes });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async transaction<T>(fn: () => Promise<T>, mode: TransactionMode = 'write'): Promise<T> {
    if (this.held && this.holder.getStore() === this.held.token) return this.savepoint(fn, mode);
    await this.turn();
    let release!: () => void;
    const token = Symbol('transaction');
    this.held = { token, released: new Promise<void>((resolve) => (release = resolve)) };
    try {
      return await this.holder.run(token, () => this.savepoint(fn, mode));
    } finally {
      this.held = null;
      release();
      this.quiet();
    }
  }

  /**
   * Once no transaction holds the connection, nothing asks which one an async context belongs to:
   * the context's tracking (in Node 20, hooks run for every promise of every request) is turned off
   * until the next transaction turns it on. Checked after the current turn, so a run of
   * transactions back to back does not turn it off and on each time.
   */
  private quiet(): void {
    if (this.quieting) return;
    this.quieting = true;
    setImmediate(() => {
      this.quieting = false;
      if (this.held === null) this.holder.disable();
    });
  }

  /** Whether a transaction holds the connection: the group commit commits only once none does. */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Settles once the transaction holding the connection now has let go. */
  async released(): Promise<void> {
    await this.held?.released;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private waits(): boolean {
    return this.held !== null && this.holder.getStore() !== this.held.token;
  }

  /** Waits while another transaction holds the connection. */
  private async turn(): Promise<void> {
    while (this.waits()) await this.held!.released;
  }

  /** A transaction of its own, or a savepoint of the one open (the group commit's, or an outer one). */
  private async savepoint<T>(fn: () => Promise<T>, mode: TransactionMode): Promise<T> {
    const name = `s${++this.depth}`;
    const outer = this.db.inTransaction;
    prepared(this.db, outer ? `SAVEPOINT ${name}` : mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN').run();
    try {
      const result = await fn();
      prepared(this.db, outer ? `RELEASE ${name}` : 'COMMIT').run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) {
        if (outer) {
          prepared(this.db, `ROLLBACK TO ${name}`).run();
          prepared(this.db, `RELEASE ${name}`).run();
        } else prepared(this.db, 'ROLLBACK').run();
      }
      throw error;
    } finally {
      this.depth -= 1;
    }
  }
}

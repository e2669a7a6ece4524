import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../open';
import { allRows, prepared } from '../tenantDb';
import type { Engine, Params } from './engine';

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

  constructor(readonly db: Db) {}

  async get<T>(sql: string, params: Params = {}): Promise<T | undefined> {
    await this.turn();
    return prepared(this.db, sql).get(params) as T | undefined;
  }

  async all<T>(sql: string, params: Params = {}): Promise<T[]> {
    await this.turn();
    return allRows<T>(prepared(this.db, sql), params);
  }

  async run(sql: string, params: Params = {}): Promise<{ changes: number }> {
    await this.turn();
    const { changes } = prepared(this.db, sql).run(params);
    return { changes };
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held && this.holder.getStore() === this.held.token) return this.savepoint(fn);
    await this.turn();
    let release!: () => void;
    const token = Symbol('transaction');
    this.held = { token, released: new Promise<void>((resolve) => (release = resolve)) };
    try {
      return await this.holder.run(token, () => this.savepoint(fn));
    } finally {
      this.held = null;
      release();
    }
  }

  async close(): Promise<void> {
    this.db.close();
  }

  /** Waits while another transaction holds the connection. */
  private async turn(): Promise<void> {
    while (this.held && this.holder.getStore() !== this.held.token) await this.held.released;
  }

  /** A transaction of its own, or a savepoint of the one open (the group commit's, or an outer one). */
  private async savepoint<T>(fn: () => Promise<T>): Promise<T> {
    const name = `s${++this.depth}`;
    const outer = this.db.inTransaction;
    this.db.exec(outer ? `SAVEPOINT ${name}` : 'BEGIN');
    try {
      const result = await fn();
      this.db.exec(outer ? `RELEASE ${name}` : 'COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec(outer ? `ROLLBACK TO ${name}; RELEASE ${name}` : 'ROLLBACK');
      throw error;
    } finally {
      this.depth -= 1;
    }
  }
}

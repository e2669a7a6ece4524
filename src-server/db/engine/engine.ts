import type { SqliteDb as Db } from '../../../src-node/sqlite/openSqlite';

/** Named parameters of a statement (`:name` in its text). */
export type Params = Record<string, unknown>;

/**
 * What a transaction is for. 'read': statements that must agree with each other (a page and its
 * total), a snapshot on PostgreSQL. 'write' (the default): a check and the writes it allows. SQLite
 * has one writer: its write lock, taken first, orders them. On PostgreSQL a tenant's write
 * transaction first takes its organization's turn (TenantDb), and service-wide ones lock the rows
 * they check (`FOR UPDATE`); one that meets a deadlock runs again, so `fn` must do nothing but
 * statements (or be safe to do twice).
 */
export type TransactionMode = 'read' | 'write';

/**
 * A store the service's statements run on: SQLite (the embedded default) or PostgreSQL. Every
 * call is asynchronous, so the two are used alike; a statement inside `transaction` runs in that
 * transaction, whichever await it follows, and nothing else runs in it.
 */
export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  /** SQLite's connection, for what only SQLite has (its group commit, its change counters' shortcut). */
  readonly sqlite: Db | null;
  get<T>(sql: string, params?: Params): Promise<T | undefined>;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /** `fn` in one transaction; nested, a savepoint. A throw undoes it and is thrown on. */
  transaction<T>(fn: () => Promise<T>, mode?: TransactionMode): Promise<T>;
  /** Whether what is read now may yet be undone: inside a transaction (or SQLite's open batch). */
  readonly uncommitted: boolean;
  /**
   * A message to every instance on this store listening on `channel`, this one included (PostgreSQL's
   * NOTIFY; on SQLite, whose one writer is this process, delivered here). Small: it is a signal.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` for each message on `channel`, and `onGap` when some may have been missed (the
   * connection listening was lost and made again). Answers how to stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Whether the store answers: a statement that reads nothing. */
export async function ping(engine: Engine): Promise<void> {
  await engine.get('SELECT 1 AS up');
}

import type { Db } from '../open';

/** Named parameters of a statement (`:name` in its text). */
export type Params = Record<string, unknown>;

/**
 * What a transaction is for. 'read': statements that must agree with each other (a page and its
 * total), a snapshot on PostgreSQL. 'write' (the default): a check and the writes it allows; on SQLite it takes
 * the write lock first, on PostgreSQL it is serializable and run again when it lost a race with
 * another instance, so `fn` must do nothing but statements (or be safe to do twice).
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
  close(): Promise<void>;
}

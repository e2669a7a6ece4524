import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Engine, Params, TransactionMode } from './engine';
import { postgresStatement } from './postgresSql';

/** Counts (COUNT, SUM of integers) and averages come back as numbers, as SQLite gives them, not as strings. */
const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
TYPES.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

interface Held {
  client: pg.PoolClient;
  depth: number;
}

/** A deadlock: the transaction lost a race for row locks and may simply run again. */
const RETRYABLE = new Set(['40P01']);
const ATTEMPTS = 8;

/**
 * PostgreSQL behind the asynchronous seam: statements on a pool; a transaction takes a client of its
 * own, and every statement in it (found by the async context, whichever await it follows) runs on
 * that client. Nested, a savepoint.
 */
export class PostgresEngine implements Engine {
  readonly kind = 'postgres';
  readonly sqlite = null;
  private readonly context = new AsyncLocalStorage<Held>();

  /** Told of an idle connection's failure (the service's log). */
  onIdleError: (error: Error) => void = () => undefined;

  constructor(readonly pool: pg.Pool) {
    // An idle connection the server ended (a restart, a shutdown) leaves the pool, which makes
    // another when needed; a statement's own failure reaches its caller.
    pool.on('error', (error) => this.onIdleError(error));
  }

  static connect(url: string, max = 10): PostgresEngine {
    return new PostgresEngine(new pg.Pool({ connectionString: url, max, types: TYPES }));
  }

  async get<T>(sql: string, params: Params = {}): Promise<T | undefined> {
    return (await this.query<T>(sql, params)).rows[0];
  }

  async all<T>(sql: string, params: Params = {}): Promise<T[]> {
    return (await this.query<T>(sql, params)).rows;
  }

  async run(sql: string, params: Params = {}): Promise<{ changes: number }> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  get uncommitted(): boolean {
    return this.context.getStore() !== undefined;
  }

  async transaction<T>(fn: () => Promise<T>, mode: TransactionMode = 'write'): Promise<T> {
    const held = this.context.getStore();
    if (held) {
      const name = `s${++held.depth}`;
      await held.client.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn();
        await held.client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await held.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      } finally {
        held.depth -= 1;
      }
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.outermost(fn, mode);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!code || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
        // Apart a little, at random, so the racers do not meet again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  private async outermost<T>(fn: () => Promise<T>, mode: TransactionMode): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query(mode === 'write' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const result = await this.context.run({ client, depth: 0 }, fn);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    } finally {
      client.release();
    }
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.query('SELECT pg_notify(:channel, :payload)', { channel, payload });
  }

  /**
   * LISTEN on a connection of its own (a pooled one would be handed to others). A lost connection
   * is made again, a second later and on until it stays; what was sent meanwhile is a gap.
   */
  async listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const next = new pg.Client(this.pool.options);
      next.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      next.on('error', () => undefined);
      next.on('end', () => {
        if (stopped || client !== next) return;
        client = null;
        const retry = (): void => {
          if (stopped) return;
          connect().then(onGap, () => setTimeout(retry, 1_000).unref());
        };
        setTimeout(retry, 1_000).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
    };
    await connect();
    return async () => {
      stopped = true;
      await client?.end();
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private query<T>(sql: string, params: Params): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const { text, names, name } = postgresStatement(sql);
    const values = names.map((name) => {
      if (!(name in params)) throw new Error(`No value for :${name} in ${sql.slice(0, 120)}`);
      return params[name];
    });
    const on = this.context.getStore()?.client ?? this.pool;
    // Named: each connection parses and plans a statement once, then only binds and runs it.
    return on.query<T & pg.QueryResultRow>({ name, text, values });
  }
}

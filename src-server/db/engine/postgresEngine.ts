import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Engine, Params } from './engine';
import { postgresStatement } from './postgresSql';

/** Counts (COUNT, SUM of integers) come back as numbers, as SQLite gives them, not as strings. */
const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

interface Held {
  client: pg.PoolClient;
  depth: number;
}

/**
 * PostgreSQL behind the asynchronous seam: statements on a pool; a transaction takes a client of its
 * own, and every statement in it (found by the async context, whichever await it follows) runs on
 * that client. Nested, a savepoint.
 */
export class PostgresEngine implements Engine {
  readonly kind = 'postgres';
  private readonly context = new AsyncLocalStorage<Held>();

  constructor(readonly pool: pg.Pool) {
    // An idle connection the server ended (a restart, a shutdown) leaves the pool, which makes
    // another when needed; a statement's own failure reaches its caller.
    pool.on('error', () => undefined);
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

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
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
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
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

  async close(): Promise<void> {
    await this.pool.end();
  }

  private query<T>(sql: string, params: Params): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const { text, names } = postgresStatement(sql);
    const values = names.map((name) => {
      if (!(name in params)) throw new Error(`No value for :${name} in ${sql.slice(0, 120)}`);
      return params[name];
    });
    const on = this.context.getStore()?.client ?? this.pool;
    return on.query<T & pg.QueryResultRow>(text, values);
  }
}

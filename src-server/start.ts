import type { FastifyInstance } from 'fastify';
import type { LogOptions } from './http/logging';
import { buildService } from './app';
import type { MailOptions } from './mail/mailer';
import { Checkpointer } from '../src-node/sqlite/checkpointer';
import type { Engine } from './db/engine/engine';
import { PostgresEngine } from './db/engine/postgresEngine';
import { SqliteEngine } from './db/engine/sqliteEngine';
import { openDatabase } from './db/open';
import { migratePostgres } from './db/engine/migratePostgres';
import { seedDemo } from './demo/seed';
import { systemClock, type Clock } from './system/clock';

export interface StartOptions {
  /** A SQLite file (`:memory:` for none), or a PostgreSQL URL (`postgres://…`). */
  dbPath: string;
  /** Connections this instance keeps to PostgreSQL (default 10). */
  poolSize?: number;
  host?: string;
  port?: number;
  demo?: boolean;
  scale?: number;
  clock?: Clock;
  logger?: LogOptions | false;
  /** Access tokens' lifetime (default 15 minutes). */
  accessTokenSeconds?: number;
  /** The start of links in invitations (`--public-url`). */
  publicUrl?: string;
  /** Whether anyone may create an organization (`--open-signup`). */
  openSignup?: boolean;
  trustProxy?: boolean;
  /** Where mail goes out (`--smtp`, `--mail-from`). */
  mail?: MailOptions;
  /** better-sqlite3's addon when not its own build: the desktop app's embedded demo service. */
  nativeBinding?: string;
}

export interface RunningService {
  app: FastifyInstance;
  engine: Engine;
  /** `http://host:port` */
  url: string;
  /** Seconds spent seeding demo data, when it was seeded. */
  seededInSeconds: number | null;
  close(): Promise<void>;
}

/** Whether `--db` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** The store `dbPath` names, migrated: a PostgreSQL database by URL, else a SQLite file (or `:memory:`). */
export async function openStore(
  options: Pick<StartOptions, 'dbPath' | 'poolSize' | 'nativeBinding'>,
): Promise<{ engine: Engine; checkpointer: Checkpointer | null }> {
  if (isPostgresUrl(options.dbPath)) {
    const engine = PostgresEngine.connect(options.dbPath, options.poolSize);
    try {
      await migratePostgres(engine.pool);
    } catch (error) {
      await engine.close();
      throw error;
    }
    return { engine, checkpointer: null };
  }
  const db = openDatabase(options.dbPath, { nativeBinding: options.nativeBinding });
  const checkpointer =
    options.dbPath === ':memory:'
      ? null
      : new Checkpointer(db, options.dbPath, { nativeBinding: options.nativeBinding });
  return { engine: new SqliteEngine(db), checkpointer };
}

/** Opens the database, seeds it on request, and listens: the CLI and the app's embedded demo service both start here. */
export async function startService(options: StartOptions): Promise<RunningService> {
  const clock = options.clock ?? systemClock;
  const { engine, checkpointer } = await openStore(options);
  try {
    let seededInSeconds: number | null = null;
    if (options.demo) {
      const started = performance.now();
      const seeded = await seedDemo(engine, { scale: options.scale, clock });
      if (seeded) {
        // The demo data's log copied back now, not by the checkpoint thread while the first clients read.
        if (checkpointer) engine.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
        seededInSeconds = (performance.now() - started) / 1000;
      }
    }
    const app = await buildService({
      engine,
      clock,
      logger: options.logger,
      publicUrl: options.publicUrl,
      openSignup: options.openSignup,
      trustProxy: options.trustProxy,
      mail: options.mail,
      ...(options.accessTokenSeconds ? { accessTokenSeconds: options.accessTokenSeconds } : {}),
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return {
      app,
      engine,
      url: `http://${shownHost}:${port}`,
      seededInSeconds,
      close: async () => {
        await app.close();
        await checkpointer?.close();
        await engine.close();
      },
    };
  } catch (error) {
    await checkpointer?.close();
    await engine.close();
    throw error;
  }
}

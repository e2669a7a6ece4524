import type { FastifyInstance } from 'fastify';
import type { LogOptions } from './http/logging';
import { buildService } from './app';
import { Checkpointer } from '../src-node/sqlite/checkpointer';
import { openDatabase, type Db } from './db/open';
import { seedDemo } from './demo/seed';
import { systemClock, type Clock } from './system/clock';

export interface StartOptions {
  dbPath: string;
  host?: string;
  port?: number;
  demo?: boolean;
  scale?: number;
  clock?: Clock;
  logger?: LogOptions | false;
  /** Access tokens' lifetime (default 15 minutes). */
  accessTokenSeconds?: number;
  /** better-sqlite3's addon when not its own build: the desktop app's embedded demo service. */
  nativeBinding?: string;
}

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  /** `http://host:port` */
  url: string;
  /** Seconds spent seeding demo data, when it was seeded. */
  seededInSeconds: number | null;
  close(): Promise<void>;
}

/** Opens the database, seeds it on request, and listens: the CLI and the app's embedded demo service both start here. */
export async function startService(options: StartOptions): Promise<RunningService> {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(options.dbPath, { nativeBinding: options.nativeBinding });
  const checkpointer =
    options.dbPath === ':memory:'
      ? null
      : new Checkpointer(db, options.dbPath, { nativeBinding: options.nativeBinding });
  try {
    let seededInSeconds: number | null = null;
    if (options.demo) {
      const started = performance.now();
      const seeded = await seedDemo(db, { scale: options.scale, clock });
      if (seeded) {
        // The demo data's log copied back now, not by the checkpoint thread while the first clients read.
        if (checkpointer) db.pragma('wal_checkpoint(TRUNCATE)');
        seededInSeconds = (performance.now() - started) / 1000;
      }
    }
    const app = await buildService({
      db,
      clock,
      logger: options.logger,
      ...(options.accessTokenSeconds ? { accessTokenSeconds: options.accessTokenSeconds } : {}),
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return {
      app,
      db,
      url: `http://${shownHost}:${port}`,
      seededInSeconds,
      close: async () => {
        await app.close();
        await checkpointer?.close();
        db.close();
      },
    };
  } catch (error) {
    await checkpointer?.close();
    db.close();
    throw error;
  }
}

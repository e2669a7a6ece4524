import { fileCacheKey } from '../../src-main/core/cache/cacheKey';
import { openSqlite } from '../../src-node/sqlite/openSqlite';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppArgs, AppCallName, AppResult } from '../../src-shared/appApi';
import { Backend } from '../../src-main/core/app/backend';
import type { BackendOptions } from '../../src-main/core/app/openAccount';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startService, type RunningService } from '../../src-server/start';
import type { Clock } from '../../src-server/system/clock';
import { copyPostgresDatabase, freshPostgresDatabase, TEST_STORE } from './testStore';

/** fetch, once more if a pooled connection died with a restart of the service (the request never left). */
async function fetchFresh(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** Requests to a demo service at `url` as one of its people (password demo1234), straight, not through the app. */
export async function serviceAs(url: string, email: string) {
  const res = await fetchFresh(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  return async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> => {
    const r = await fetchFresh(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as T, headers: r.headers };
  };
}

/** The real service on a database file, so it can be stopped and started again on the same port. */
export class ServiceProcess {
  private running: RunningService | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'hr-sync-'));
  port = 0;

  constructor(
    private readonly scale = 6,
    /** `clock`: the service's time (a ShiftedClock the app shares, for a test that skips ahead). */
    private readonly options: { accessTokenSeconds?: number; clock?: Clock } = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get service(): RunningService {
    if (!this.running) throw new Error('the service is stopped');
    return this.running;
  }

  /** Its database: a file here, or a PostgreSQL database of its own in the PostgreSQL pass. */
  private dbPath: string | null = null;

  async start(): Promise<this> {
    this.dbPath ??= TEST_STORE === 'postgres' ? await freshPostgresDatabase() : join(this.dir, 'service.sqlite');
    this.running = await startService({
      dbPath: this.dbPath,
      port: this.port,
      demo: true,
      scale: this.scale,
      ...this.options,
    });
    this.port = Number(new URL(this.running.url).port);
    return this;
  }

  async stop(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }

  /** A copy of its data, taken with the service stopped, by the store's own means. */
  async backup(): Promise<void> {
    if (this.running) throw new Error('stop the service before copying its data');
    if (TEST_STORE === 'postgres') await copyPostgresDatabase(this.dbPath!, 'backup', 'to');
    else copyFileSync(this.dbPath!, `${this.dbPath}.backup`);
  }

  /** Its data as the backup had it (the service stopped). */
  async restore(): Promise<void> {
    if (this.running) throw new Error('stop the service before restoring its data');
    if (TEST_STORE === 'postgres') await copyPostgresDatabase(this.dbPath!, 'backup', 'from');
    else {
      copyFileSync(`${this.dbPath}.backup`, this.dbPath!);
      for (const suffix of ['-wal', '-shm']) rmSync(this.dbPath + suffix, { force: true });
    }
  }

  /** Runs `work` with the service stopped (the app offline), then starts it again. */
  async down(work: () => Promise<void>): Promise<void> {
    await this.stop();
    try {
      await work();
    } finally {
      await this.start();
    }
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A request to the service as someone, straight, to check what it holds. */
  as(email: string) {
    return serviceAs(this.url, email);
  }
}

/** A desktop backend with its own data folder, driven by direct calls (no transport). */
/** An account's cache file opened as the backend opens it: with the data folder's key. */
export function openAccountCache(dataDir: string, accountId: string, options: { readonly?: boolean } = {}) {
  const key = fileCacheKey(join(dataDir, 'cache.key')).key;
  return openSqlite(join(dataDir, 'accounts', `${accountId}.sqlite`), { ...options, key });
}

export class TestBackend {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'hr-app-'));
  readonly backend: Backend;
  readonly tokens = new MemoryTokenStore();

  constructor(options: Partial<BackendOptions> = {}) {
    this.backend = new Backend({
      dataDir: this.dataDir,
      tokens: this.tokens,
      sync: { autoStart: false, debounceMs: 60_000, intervalMs: 3_600_000, reconnectMs: 3_600_000 },
      requestTimeoutMs: 5_000,
      ...options,
    });
  }

  call<K extends AppCallName>(
    name: K,
    ...args: AppArgs<K> extends undefined ? [] : [AppArgs<K>]
  ): Promise<AppResult<K>> {
    const handler = this.backend.handlers[name] as (a: unknown) => Promise<AppResult<K>>;
    return handler(args[0]);
  }

  async signIn(serviceUrl: string, email: string) {
    return this.call('session.signIn', { serviceUrl, email, password: 'demo1234' });
  }

  dispose(): void {
    this.backend.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

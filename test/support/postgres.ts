import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './freePort';

// A throwaway PostgreSQL server for tests: a cluster made in a temporary folder (initdb), on a free
// port, gone when the tests end. Never a mock: the real server from the machine's packages.

/** Where PostgreSQL's programs are: on the PATH, or Debian's /usr/lib/postgresql/<major>/bin. */
function findBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const majors = readdirSync(debian)
    .filter((d) => existsSync(join(debian, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(debian, majors[0], 'bin') : null;
}

export const POSTGRES_BIN = findBin();
/** CI always has PostgreSQL: there, a machine without it fails rather than skipping. */
export const POSTGRES_REQUIRED = process.env.HR_REQUIRE_POSTGRES === '1';
if (!POSTGRES_BIN && POSTGRES_REQUIRED)
  throw new Error('PostgreSQL is required here (HR_REQUIRE_POSTGRES=1) but not installed');

/** Said once, in one line, where the PostgreSQL tests cannot run. */
export function sayPostgresSkipped(): void {
  if (!POSTGRES_BIN) {
    process.stdout.write('PostgreSQL is not installed here: its tests were skipped (CI always runs them).\n');
  }
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` account. */
function asServerUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export interface PgCluster {
  readonly port: number;
  /** A connection string for one of its databases. */
  url(database: string): string;
  /** A new database, empty or a copy of `template` (which nobody may be connected to). */
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a cluster of its own (about a second), with the `hr` superuser and trust on loopback.
 * Durable for the bench (each commit's log written and flushed, as SQLite's WAL writes it: at
 * commit, with the flush left to the log's checkpoints); tests need no flush at all.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PgCluster> {
  if (!POSTGRES_BIN) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'hr-pg-'));
  const data = join(dir, 'data');
  const owner = asServerUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = { ...(owner ? { uid: owner.uid, gid: owner.gid } : {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } };
  execFileSync(join(POSTGRES_BIN, 'initdb'), ['-D', data, '-U', 'hr', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
    ...run,
    stdio: 'pipe',
  });
  const port = await freePort();
  // Durability is not what these tests are about: no fsync, so a test's cluster is quick.
  const server: ChildProcess = spawn(
    join(POSTGRES_BIN, 'postgres'),
    [
      ...['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
      ...(options.durable ? ['-c', 'synchronous_commit=off'] : ['-c', 'fsync=off']),
    ],
    { ...run, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stopOnExit = () => server.kill('SIGKILL');
  process.once('exit', stopOnExit);
  const url = (database: string) => `postgres://hr@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url('postgres') });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    port,
    url,
    async createDatabase(name, template) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      process.off('exit', stopOnExit);
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

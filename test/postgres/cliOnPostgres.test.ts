import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { POSTGRES_BIN, sayPostgresSkipped, startPostgres, type PgCluster } from '../support/postgres';

// `npm run server` on PostgreSQL, as an operator runs it: instances started together on one empty
// database migrate and seed it once, and each says through /api/health when its store is gone.
sayPostgresSkipped();

let cluster: PgCluster | undefined;

beforeAll(async () => {
  if (!POSTGRES_BIN) return;
  cluster = await startPostgres();
  await cluster.createDatabase('hr');
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

const urlOf = (run: ReturnType<typeof runCli>) => /listening on (http:\/\/\S+)/.exec(run.output().stdout)?.[1];

describe.runIf(POSTGRES_BIN)('npm run server on PostgreSQL', () => {
  it('starts two instances together on one empty database (DATABASE_URL, --db): migrated and seeded once, both serving', async () => {
    const database = cluster!.url('hr');
    const runs = [
      runCli(['--port', '0', '--demo', '--scale', '2'], { DATABASE_URL: database }),
      runCli(['--port', '0', '--demo', '--scale', '2', '--db', database, '--pool', '3']),
    ];
    try {
      for (const run of runs) {
        await expect.poll(() => urlOf(run) ?? run.output().stderr, { timeout: 30_000 }).toMatch(/^http:/);
      }
      const seeded = runs.filter((r) => /Seeded demo data/.test(r.output().stdout));
      expect(seeded).toHaveLength(1);
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM organizations');
        expect(Number(rows[0]!.n)).toBe(2);
      } finally {
        await client.end();
      }
      for (const run of runs) {
        const url = urlOf(run)!;
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        const signIn = await fetch(`${url}/api/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'alice@acme.test', password: 'demo1234' }),
        });
        expect(signIn.status).toBe(200);
      }

      // The database stops: each instance says so, for the load balancer, and nothing worse.
      await cluster!.stop();
      cluster = undefined;
      for (const run of runs) {
        const health = await fetch(`${urlOf(run)!}/api/health`);
        expect(health.status).toBe(503);
        expect(((await health.json()) as { detail: string }).detail).toMatch(/cannot reach its database/);
      }
    } finally {
      for (const run of runs) run.child.kill('SIGTERM');
      await Promise.all(runs.map((r) => r.exited));
    }
  }, 60_000);
});

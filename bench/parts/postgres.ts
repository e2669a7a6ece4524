import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../../test/support/postgres';
import {
  employeeTokens,
  medianBy,
  range,
  ROOT,
  startServiceProcess,
  token,
  weekOfLeave,
  type Figure,
} from '../benchKit';
import { realFetch, type BenchPart } from '../context';
import { cpuSnapshot, cpuSplit } from '../cpuSplit';

/** People per demo organization here: PostgreSQL is seeded row by row, and reads a page the same at any size. */
const SCALE = 300;
const CONNECTIONS = 12;

type Load = Partial<autocannon.Options>;

/**
 * The same routes on PostgreSQL: one instance and three on one database, beside one SQLite
 * instance on the same demo data, each side loaded in turn. Three instances' load is the
 * connections split between them, as a load balancer would; their rate is the sum.
 */
export const postgresPart: BenchPart = {
  name: 'postgres',
  about: 'the service on PostgreSQL under load, 1 and 3 instances, beside SQLite',
  async run(ctx) {
    const add = (f: Figure) => ctx.add({ ...f, part: 'postgres' });
    const cluster = await startPostgres({ durable: true });
    const stops: (() => Promise<void>)[] = [];
    try {
      await cluster.createDatabase('hr');
      await cluster.createDatabase('floor');
      const db = cluster.url('hr');
      const started = performance.now();
      const first = await startServiceProcess(['--db', db, '--demo', '--scale', String(SCALE), '--port', '0']);
      stops.push(first.stop);
      const seededIn = (performance.now() - started) / 1000;
      const others = await Promise.all([0, 1].map(() => startServiceProcess(['--db', db, '--port', '0'])));
      for (const o of others) stops.push(o.stop);
      const pgUrls = [first.url, ...others.map((o) => o.url)];
      const sqlite = await startServiceProcess([
        '--db',
        join(ctx.work, 'postgres-beside.sqlite'),
        '--demo',
        '--scale',
        String(SCALE),
        '--port',
        '0',
      ]);
      stops.push(sqlite.stop);
      add({
        part: 'postgres',
        name: `the demo, ${SCALE} people an organization, seeded into PostgreSQL`,
        value: seededIn,
        unit: 's',
        target: 'row by row, by the first instance',
        met: false,
        info: true,
      });

      const admin = await token(first.url, 'admin@acme.test');
      const getBody = await (
        await realFetch(`${first.url}/api/trainings?pageSize=50`, { headers: { authorization: `Bearer ${admin}` } })
      ).text();
      mkdirSync(join(ctx.work, 'bare-pg'), { recursive: true });
      writeFileSync(join(ctx.work, 'bare-pg', 'get.json'), getBody);
      writeFileSync(join(ctx.work, 'bare-pg', 'post.json'), '{}');
      const floor = await startServiceProcess(
        [cluster.url('floor'), join(ctx.work, 'bare-pg', 'get.json'), join(ctx.work, 'bare-pg', 'post.json')],
        join(ROOT, 'bench', 'barePostgres.ts'),
      );
      stops.push(floor.stop);

      const pidOf = new Map([first, ...others, sqlite].map((s) => [s.url, s.child.pid!]));
      const sqliteAdmin = await token(sqlite.url, 'admin@acme.test');
      /** Each service's own admin: a token is signed with its store's secret. */
      const adminOf = (url: string) => (url === sqlite.url ? sqliteAdmin : admin);
      /** Requests per second over `seconds`, the connections split between the urls. */
      const rate = async (urls: string[], path: string, load: () => Load, seconds: number) => {
        const before = cpuSnapshot();
        const runs = await Promise.all(
          urls.map((url, i) => {
            const options = load();
            return autocannon({
              url: url + path,
              connections: Math.floor(CONNECTIONS / urls.length) + (i < CONNECTIONS % urls.length ? 1 : 0),
              duration: seconds,
              ...options,
              headers: {
                authorization: `Bearer ${adminOf(url)}`,
                'content-type': 'application/json',
                ...options.headers,
              },
            });
          }),
        );
        const after = cpuSnapshot();
        return {
          cpu: cpuSplit(
            before,
            after,
            urls.map((url) => pidOf.get(url)!),
          ),
          rate: runs.reduce((sum, r) => sum + r.requests.average, 0),
          non2xx: runs.reduce((n, r) => n + r['4xx'] + r['5xx'], 0),
          p99: Math.max(...runs.map((r) => r.latency.p99)),
        };
      };
      /** One side against another: a warm-up of each, then three pairs in turn; the median pair by ratio. */
      const compare = async (
        name: string,
        path: string,
        measured: { urls: string[]; load: () => Load },
        against: { urls: string[]; load: () => Load; what: string; path?: string },
        target: { least: number } | null,
      ) => {
        await rate(measured.urls, path, measured.load, 2);
        await rate(against.urls, against.path ?? path, against.load, 2);
        const pairs = [];
        for (let i = 0; i < 3; i++) {
          const m = await rate(measured.urls, path, measured.load, 3);
          const a = await rate(against.urls, against.path ?? path, against.load, 3);
          pairs.push({ m, a, ratio: m.rate / a.rate });
        }
        const { m, a, ratio } = medianBy(pairs, (p) => p.ratio);
        const non2xx = pairs.reduce((n, p) => n + p.m.non2xx + p.a.non2xx, 0);
        add({
          part: 'postgres',
          name: `${name} (median of 3, ratios ${range(
            pairs.map((p) => p.ratio),
            2,
          )}; p99 ${m.p99} ms vs ${a.p99} ms${non2xx ? `; ${non2xx} non-2xx` : ''}${
            target ? `; ${m.cpu} against ${a.cpu}` : ''
          })`,
          value: m.rate,
          unit: 'req/s',
          limit: a.rate,
          ratio,
          target: target ? `≥ ${target.least}× ${against.what}` : `beside ${against.what}`,
          met: target ? ratio >= target.least : false,
          ...(target ? {} : { info: true }),
        });
      };

      // Each answer built afresh (`Cache-Control: no-cache`, which the service honours): a balancer
      // spreads one person's requests over the instances, so each instance's answers kept by ETag
      // serve few of them; the kept answers are measured too, for context.
      const fresh = (): Load => ({ headers: { 'cache-control': 'no-cache' } });
      const kept = (): Load => ({});
      const trainings = '/api/trainings?pageSize=50';
      await compare(
        'GET /api/trainings built afresh, 3 PostgreSQL instances',
        trainings,
        { urls: pgUrls, load: fresh },
        { urls: [first.url], load: fresh, what: 'one PostgreSQL instance' },
        // What two shared cores allow: no loss. On a machine with more cores than the load needs, the
        // figure to reach is 1.5×.
        { least: 0.95 },
      );
      await compare(
        'GET /api/trainings built afresh, 1 PostgreSQL instance',
        trainings,
        { urls: [first.url], load: fresh },
        { urls: [sqlite.url], load: fresh, what: 'one SQLite instance' },
        null,
      );
      await compare(
        'GET /api/trainings from the kept answers, 3 PostgreSQL instances',
        trainings,
        { urls: pgUrls, load: kept },
        { urls: [first.url], load: kept, what: 'one PostgreSQL instance' },
        null,
      );
      await compare(
        'GET /api/trainings from the kept answers, 1 PostgreSQL instance',
        trainings,
        { urls: [first.url], load: kept },
        { urls: [sqlite.url], load: kept, what: 'one SQLite instance' },
        null,
      );

      // Leave asked for by a hundred people, each a week after their last (as in the service part), unpaid:
      // not counted against an allowance, so no week is refused for the days already asked.
      const askers = await employeeTokens(first.url, admin, 100);
      const sqliteAskers = await employeeTokens(sqlite.url, sqliteAdmin, 100);
      let asked = 0;
      const leave = (tokens: string[]) => (): Load => ({
        method: 'POST',
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const n = asked++;
              return {
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${tokens[n % tokens.length]}` },
                body: weekOfLeave(1_000 + Math.floor(n / tokens.length)).replace('"ANNUAL"', '"UNPAID"'),
              };
            },
          },
        ],
      });
      await compare(
        'POST /api/leave, 1 PostgreSQL instance against its floor',
        '/api/leave',
        { urls: [first.url], load: leave(askers) },
        {
          urls: [floor.url],
          path: '/floor/leave',
          load: leave(askers),
          what: 'the floor (the two rows, one transaction each)',
        },
        { least: 0.4 },
      );
      // Writes of one organization by different people go together (db/engine/writeLocks.ts).
      await compare(
        'POST /api/leave, 3 PostgreSQL instances',
        '/api/leave',
        { urls: pgUrls, load: leave(askers) },
        { urls: [first.url], load: leave(askers), what: 'one PostgreSQL instance' },
        { least: 1.0 },
      );
      await compare(
        'POST /api/leave, 1 PostgreSQL instance',
        '/api/leave',
        { urls: [first.url], load: leave(askers) },
        { urls: [sqlite.url], load: leave(sqliteAskers), what: 'one SQLite instance' },
        null,
      );
    } finally {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await cluster.stop();
    }
  },
};

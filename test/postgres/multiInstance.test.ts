import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../../src-server/app';
import { PostgresEngine } from '../../src-server/db/engine/postgresEngine';
import { migratePostgres } from '../../src-server/db/engine/migratePostgres';
import { DEMO_PASSWORD } from '../../src-server/demo/people';
import { seedDemo } from '../../src-server/demo/seed';
import { ManualClock } from '../../src-server/system/clock';
import { housekeeping } from '../../src-server/system/housekeeping';
import { DEMO } from '../support/accounts';
import { listenTo } from '../support/eventStream';
import { POSTGRES_BIN, sayPostgresSkipped, startPostgres, type PgCluster } from '../support/postgres';

// Three instances of the service on one PostgreSQL database, each with its own pool, caches and
// event hub, as behind a load balancer; every client request goes to one of them at random. What
// SQLite's single writer made correct must hold here by the database's own means.
sayPostgresSkipped();

interface Instance {
  app: FastifyInstance;
  engine: PostgresEngine;
  url: string;
}

let cluster: PgCluster | undefined;
const instances: Instance[] = [];
const clock = new ManualClock('2026-03-02T09:00:00.000Z');
let seed = 7;
/** A fixed sequence of choices, so a failure can be run again as it was. */
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const anyInstance = () => instances[Math.floor(random() * instances.length)]!;

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  on: Instance,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(on.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

async function signIn(email: string): Promise<{ access: string; refresh: string; id: string }> {
  const res = await call(anyInstance(), 'POST', '/api/auth/token', { body: { email, password: DEMO_PASSWORD } });
  const body = res.body as { access_token: string; refresh_token: string; user: { id: string } };
  return { access: body.access_token, refresh: body.refresh_token, id: body.user.id };
}

/** The organization's training types and categories, by id. */
async function references(token: string): Promise<{ types: string[]; categories: string[] }> {
  const ids = async (path: string) =>
    ((await call(anyInstance(), 'GET', path, { token })).body as { data: { id: string }[] }).data.map((r) => r.id);
  return { types: await ids('/api/training-types'), categories: await ids('/api/training-categories') };
}

beforeAll(async () => {
  if (!POSTGRES_BIN) return;
  cluster = await startPostgres();
  await cluster.createDatabase('shared');
  for (let i = 0; i < 3; i++) {
    const engine = PostgresEngine.connect(cluster.url('shared'), 5);
    if (i === 0) {
      await migratePostgres(engine.pool);
      await seedDemo(engine, { scale: 6, clock, workload: false });
    }
    const app = await buildService({ engine, clock, logger: process.env.HR_TEST_LOG ? { level: 'error' } : false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    instances.push({ app, engine, url: `http://127.0.0.1:${address.port}` });
  }
}, 90_000);

afterAll(async () => {
  for (const { app, engine } of instances) {
    await app.close();
    await engine.close();
  }
  await cluster?.stop();
});

describe.runIf(POSTGRES_BIN)('three instances on one PostgreSQL database', () => {
  it('200 concurrent idempotent requests with 50 keys, each to any instance, make 50 records', async () => {
    const carol = await signIn(DEMO.carol);
    const { types, categories } = await references(carol.access);
    const send = (key: number) =>
      call(anyInstance(), 'POST', '/api/trainings', {
        token: carol.access,
        headers: { 'idempotency-key': `race-${key}` },
        body: {
          name: `Raced training ${key}`,
          typeId: types[0]!,
          categoryId: categories[0]!,
          startDate: '2026-05-04',
        },
      });
    const keys = Array.from({ length: 50 }, (_, k) => k);
    const first = await Promise.all(keys.flatMap((k) => [0, 1, 2, 3].map(() => send(k).then((a) => ({ k, a })))));
    // A repeat that met its first still running is told so (409, to retry); every other answer is the first's.
    for (const { a } of first) expect([201, 409]).toContain(a.status);
    const ids = new Map<number, Set<string>>();
    const record = (k: number, a: Answer) => {
      if (a.status !== 201) return;
      const set = ids.get(k) ?? new Set<string>();
      set.add((a.body as { id: string }).id);
      ids.set(k, set);
    };
    for (const { k, a } of first) record(k, a);
    for (const k of keys) {
      const again = await send(k);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      record(k, again);
    }
    for (const k of keys) expect(ids.get(k)?.size, `key ${k}`).toBe(1);
    const made = await instances[0]!.engine.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM trainings WHERE name LIKE 'Raced training %'",
    );
    expect(made!.n).toBe(50);
  });

  it('two reviewers deciding one request on two instances at once: one decision, one conflict', async () => {
    const alice = await signIn(DEMO.alice);
    const manager = await signIn(DEMO.manager);
    const admin = await signIn(DEMO.admin);
    for (let round = 0; round < 5; round++) {
      // Tuesday to Thursday, week by week from 2 June 2026.
      const day = (offset: number) => new Date(Date.UTC(2026, 5, 2 + 7 * round + offset)).toISOString().slice(0, 10);
      const asked = await call(anyInstance(), 'POST', '/api/leave', {
        token: alice.access,
        body: { startDate: day(0), endDate: day(2), type: 'UNPAID' },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const { id } = asked.body as { id: string };
      const [one, two] = await Promise.all([
        call(instances[round % 3]!, 'PUT', `/api/leave/${id}/status`, {
          token: manager.access,
          body: { status: 'APPROVED' },
        }),
        call(instances[(round + 1) % 3]!, 'PUT', `/api/leave/${id}/status`, {
          token: admin.access,
          body: { status: 'REJECTED' },
        }),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 409]);
      const winner = (one.status === 200 ? one : two).body as { status: string; version: number };
      const stored = await call(anyInstance(), 'GET', `/api/leave/${id}`, { token: alice.access });
      expect(stored.body).toMatchObject({ status: winner.status, version: winner.version });
      expect(winner.version).toBe(2);
    }
  });

  it('a refresh token sent to two instances at once: the family stays, the repeat is the grace case, one token lives on', async () => {
    for (let round = 0; round < 5; round++) {
      const bob = await signIn(DEMO.bob);
      const [one, two] = await Promise.all(
        [instances[round % 3]!, instances[(round + 1) % 3]!].map((on) =>
          call(on, 'POST', '/api/auth/refresh', { body: { refresh_token: bob.refresh } }),
        ),
      );
      // The repeat of a token rotated moments ago, its successor unused, is a lost answer: both are answered.
      expect([one!.status, two!.status]).toEqual([200, 200]);
      const tokens = [one!, two!].map((a) => (a.body as { refresh_token: string }).refresh_token);
      const next = await Promise.all(
        tokens.map((t) => call(anyInstance(), 'POST', '/api/auth/refresh', { body: { refresh_token: t } })),
      );
      // One of the two successors was retired by the other's rotation; the family was not revoked.
      expect(next.map((a) => a.status).sort()).toEqual([200, 401]);
      const live = next.find((a) => a.status === 200)!.body as { refresh_token: string };
      expect(
        (await call(anyInstance(), 'POST', '/api/auth/refresh', { body: { refresh_token: live.refresh_token } }))
          .status,
      ).toBe(200);
    }
  });

  it('two changes with the same If-Match on two instances at once: one saved, the other 412 with the record as it is', async () => {
    const carol = await signIn(DEMO.carol);
    const { types, categories } = await references(carol.access);
    const made = await call(anyInstance(), 'POST', '/api/trainings', {
      token: carol.access,
      body: { name: 'Edited twice', typeId: types[0]!, categoryId: categories[0]!, startDate: '2026-07-01' },
    });
    let current = made.body as { id: string; version: number };
    for (let round = 0; round < 5; round++) {
      const edit = (on: Instance, hours: number) =>
        call(on, 'PUT', `/api/trainings/${current.id}`, {
          token: carol.access,
          headers: { 'if-match': `"${current.version}"` },
          body: { hours },
        });
      const answers = await Promise.all([
        edit(instances[round % 3]!, 10 + round),
        edit(instances[(round + 1) % 3]!, 20 + round),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
      const saved = answers.find((a) => a.status === 200)!.body as { id: string; version: number; hours: number };
      const refused = answers.find((a) => a.status === 412)!.body as { current?: { version: number; hours: number } };
      expect(saved.version).toBe(current.version + 1);
      expect(JSON.stringify(refused)).toContain(`"version":${saved.version}`);
      current = saved;
    }
  });

  it("a form's limit of 10 answers holds under 30 people answering at once through three instances", async () => {
    const admin = await signIn(DEMO.admin);
    const made = await call(anyInstance(), 'POST', '/api/forms', {
      token: admin.access,
      body: {
        title: 'Ten places',
        status: 'PUBLISHED',
        isAnonymous: false,
        allowMultipleSubmissions: true,
        maxSubmissions: 10,
        questions: [{ type: 'YES_NO', label: 'Coming?', required: true }],
      },
    });
    expect(made.status).toBe(201);
    const form = made.body as { id: string; questions: { id: string }[] };
    const people = await Promise.all([DEMO.admin, DEMO.manager, DEMO.alice, DEMO.bob, DEMO.carol].map(signIn));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(anyInstance(), 'POST', `/api/forms/submit/${form.id}`, {
          token: people[i % people.length]!.access,
          body: { answers: [{ questionId: form.questions[0]!.id, value: 'yes' }] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(answers.find((a) => a.status !== 201 && a.status !== 409)?.body).toBeUndefined();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const stored = await instances[0]!.engine.get<{ n: number; count: number }>(
      `SELECT (SELECT COUNT(*) FROM form_responses WHERE form_id = :id) AS n, response_count AS count
       FROM forms WHERE id = :id`,
      { id: form.id },
    );
    expect(stored).toEqual({ n: 10, count: 10 });
  });

  it('never answers 304 for a list changed through another instance', async () => {
    const carol = await signIn(DEMO.carol);
    const { types, categories } = await references(carol.access);
    for (let round = 0; round < 6; round++) {
      const reader = instances[round % 3]!;
      const writer = instances[(round + 1) % 3]!;
      const before = await call(reader, 'GET', '/api/trainings?pageSize=100', { token: carol.access });
      const etag = before.headers.get('etag')!;
      // Read again on the same instance: its response cache now holds the list under this counter.
      expect(
        (
          await call(reader, 'GET', '/api/trainings?pageSize=100', {
            token: carol.access,
            headers: { 'if-none-match': etag },
          })
        ).status,
      ).toBe(304);
      const written = await call(writer, 'POST', '/api/trainings', {
        token: carol.access,
        body: {
          name: `Seen everywhere ${round}`,
          typeId: types[0]!,
          categoryId: categories[0]!,
          startDate: '2026-06-01',
        },
      });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      const after = await call(reader, 'GET', '/api/trainings?pageSize=100', {
        token: carol.access,
        headers: { 'if-none-match': etag },
      });
      expect(after.status).toBe(200);
      expect((after.body as { data: { name: string }[] }).data.map((t) => t.name)).toContain(
        `Seen everywhere ${round}`,
      );
    }
  });

  it('writes of one organization from three instances at once, a reader polling with ETags: never a 304 after a write it did not see', async () => {
    const admin = await signIn(DEMO.admin);
    const writers = await Promise.all([DEMO.manager, DEMO.alice, DEMO.bob, DEMO.carol].map(signIn));
    const { types, categories } = await references(admin.access);
    const acknowledged: string[] = [];
    const state = { writing: true };
    const week = (n: number) => {
      const start = new Date(Date.UTC(2101, 0, 4 + 7 * n));
      const end = new Date(start.getTime() + 3 * 86_400_000);
      return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
    };
    // Each writer asks for leave (their own records: they go together) and now and then adds a
    // training (a write of the whole organization: it takes turns with them).
    const writes = Promise.all(
      writers.map(async (writer, w) => {
        for (let n = 0; n < 15; n++) {
          const asked = await call(anyInstance(), 'POST', '/api/leave', {
            token: writer.access,
            body: { ...week(n), type: 'UNPAID' },
          });
          expect(asked.status, JSON.stringify(asked.body)).toBe(201);
          acknowledged.push((asked.body as { id: string }).id);
          if (n % 5 === w % 5) {
            const training = await call(anyInstance(), 'POST', '/api/trainings', {
              token: writer.access,
              body: {
                name: `Hammered ${w}.${n}`,
                typeId: types[0]!,
                categoryId: categories[0]!,
                startDate: '2026-06-01',
              },
            });
            expect(training.status).toBe(201);
          }
        }
      }),
    ).finally(() => (state.writing = false));
    let etag: string | undefined;
    let seen = new Set<string>();
    const polls = { ok: 0, notModified: 0, duringWrites: 0 };
    const missed: string[] = [];
    const poll = async () => {
      // Every write answered before the request leaves must be in what the answer stands for.
      const before = [...acknowledged];
      const during = state.writing;
      const answer = await call(anyInstance(), 'GET', '/api/leave/pending-approvals?pageSize=500', {
        token: admin.access,
        headers: etag ? { 'if-none-match': etag } : {},
      });
      if (answer.status === 304) polls.notModified += 1;
      else {
        expect(answer.status).toBe(200);
        polls.ok += 1;
        seen = new Set((answer.body as { data: { id: string }[] }).data.map((l) => l.id));
        etag = answer.headers.get('etag')!;
      }
      if (during) polls.duringWrites += 1;
      missed.push(...before.filter((id) => !seen.has(id)).map((id) => `${id} after ${answer.status}`));
    };
    while (state.writing) {
      await poll();
      await poll();
    }
    await writes;
    await poll();
    await poll();
    expect(missed).toEqual([]);
    expect(acknowledged).toHaveLength(60);
    expect(seen.size).toBeGreaterThanOrEqual(60);
    expect(polls.duringWrites).toBeGreaterThan(10);
    expect(polls.notModified).toBeGreaterThan(0);
    expect(polls.ok).toBeGreaterThan(1);
  });

  it("tells a person's stream on one instance of a change made through another, and nothing to a colleague", async () => {
    const alice = await signIn(DEMO.alice);
    const bob = await signIn(DEMO.bob);
    const heardByAlice = await listenTo(instances[0]!.url, alice.access);
    const heardByBob = await listenTo(instances[2]!.url, bob.access);
    try {
      // Each stream is in its instance's hub once its answer has begun.
      const before = heardByAlice.heard.length;
      const day = (offset: number) => new Date(Date.UTC(2026, 9, 6 + offset)).toISOString().slice(0, 10);
      const asked = await call(instances[1]!, 'POST', '/api/leave', {
        token: alice.access,
        body: { startDate: day(0), endDate: day(1), type: 'SICK' },
      });
      expect(asked.status).toBe(201);
      await expect.poll(() => heardByAlice.heard.slice(before).flatMap((e) => e.lists)).toContain('leave');
      // Bob is Alice's colleague, not her manager: her sick leave is not his to hear of. A change
      // everyone hears (the organization's currency set again: `people`), made through the same
      // instance after it, reaches Bob's instance after it: once he has heard that, he has heard
      // all he would of her request.
      const admin = await signIn(DEMO.admin);
      const org = (await call(instances[1]!, 'GET', '/api/organization', { token: admin.access })).body as {
        currency: string;
      };
      const marked = await call(instances[1]!, 'PUT', '/api/organization', {
        token: admin.access,
        body: { currency: org.currency },
      });
      expect(marked.status).toBe(200);
      const isMark = (e: { lists: string[] }) => e.lists.join() === 'people';
      await expect.poll(() => heardByBob.heard.some(isMark)).toBe(true);
      const beforeMark = heardByBob.heard.slice(0, heardByBob.heard.findIndex(isMark));
      expect(beforeMark.flatMap((e) => e.lists)).not.toContain('leave');
    } finally {
      await heardByAlice.close();
      await heardByBob.close();
    }
  });

  it('does the hourly housekeeping once across the instances, whichever timer fires first', async () => {
    clock.advance(2 * 3_600_000);
    const done = await Promise.all(instances.map(({ app }) => housekeeping(app)));
    expect(done.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all(instances.map(({ app }) => housekeeping(app)))).toEqual([false, false, false]);
    clock.advance(3_600_000);
    expect((await Promise.all(instances.map(({ app }) => housekeeping(app)))).filter(Boolean)).toHaveLength(1);
  });
});

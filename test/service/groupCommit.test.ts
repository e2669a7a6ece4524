import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src-server/db/engine/groupCommit';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { openDatabase, type Db } from '../../src-server/db/open';
import { leaveSchema } from '../../src-shared/wire';
import { startTestService, type TestService } from '../support/testService';

// Each test's own database file, with a second connection that sees only what was committed.
let dir: string;
let db: Db;
let other: Database.Database;
let commits: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hr-group-'));
  db = openDatabase(join(dir, 'hr.sqlite'));
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  db.exec('CREATE TABLE child (id INTEGER PRIMARY KEY, t_id INTEGER NOT NULL REFERENCES t (id))');
  other = new Database(join(dir, 'hr.sqlite'), { readonly: true });
  commits = new GroupCommit(new SqliteEngine(db));
});
afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
const committed = () => other.prepare('SELECT v FROM t ORDER BY id').pluck().all();

describe('group commit', () => {
  it('commits the writes of one turn together, once the turn ends, and only then says so', async () => {
    let commitsRun = 0;
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') commitsRun += 1;
      return exec(sql);
    };
    const first = commits.mark();
    commits.join();
    insert('a');
    const second = commits.mark();
    commits.join();
    // A request's own transaction is a savepoint of the batch.
    db.transaction(() => insert('b'))();
    expect(committed()).toEqual([]);
    expect(await commits.settled(first)).toBe(true);
    expect(await commits.settled(second)).toBe(true);
    expect(committed()).toEqual(['a', 'b']);
    expect(commitsRun).toBe(1);

    // The next turn is a batch of its own.
    const third = commits.mark();
    commits.join();
    insert('c');
    expect(await commits.settled(third)).toBe(true);
    expect(committed()).toEqual(['a', 'b', 'c']);
    expect(commitsRun).toBe(2);
  });

  it('undoes only the failing part when one request in the batch fails', async () => {
    const mark = commits.mark();
    commits.join();
    insert('kept');
    expect(() =>
      db.transaction(() => {
        insert('undone');
        throw new Error('a rule refused this request');
      })(),
    ).toThrow('a rule refused');
    expect(await commits.settled(mark)).toBe(true);
    expect(committed()).toEqual(['kept']);
  });

  it('tells everyone in a batch that failed to commit, and the next batch starts clean', async () => {
    let lost = 0;
    commits.onLost(() => (lost += 1));
    const before = commits.mark();
    commits.join();
    insert('in the lost batch');
    // A foreign key checked only at COMMIT: the commit fails and the batch is rolled back.
    db.pragma('defer_foreign_keys = ON');
    db.prepare('INSERT INTO child (t_id) VALUES (999)').run();
    expect(await commits.settled(before)).toBe(false);
    expect(lost).toBe(1);
    expect(db.inTransaction).toBe(false);
    expect(committed()).toEqual([]);

    const after = commits.mark();
    commits.join();
    insert('next');
    expect(await commits.settled(after)).toBe(true);
    expect(committed()).toEqual(['next']);
    // A request that began before the loss is still told, whenever it asks.
    expect(await commits.settled(before)).toBe(false);
  });

  it('notices a batch that SQLite rolled back by itself (disk full, I/O error)', async () => {
    const mark = commits.mark();
    commits.join();
    insert('gone');
    db.exec('ROLLBACK'); // what SQLite does on SQLITE_FULL or SQLITE_IOERR
    const next = commits.mark(); // the next request of the same turn
    commits.join(); // a batch of its own, not a write on its own
    insert('after');
    expect(db.inTransaction).toBe(true);
    expect(committed()).toEqual([]);
    expect(await commits.settled(mark)).toBe(false);
    expect(await commits.settled(next)).toBe(true);
    expect(committed()).toEqual(['after']);
  });
});

describe('group commit over HTTP', () => {
  let svc: TestService;
  afterEach(async () => svc.close());

  it('answers 503 to a request whose batch was lost, keeps nothing of it, and runs its retry again', async () => {
    let breakNextCommit = false;
    const log: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    svc = await startTestService({
      logger: { level: 'error', stream },
      extraRoutes: (app) =>
        app.addHook('preHandler', async () => {
          if (!breakNextCommit) return;
          breakNextCommit = false;
          // A write whose foreign key fails only at COMMIT, as a full disk fails a commit.
          const db = app.hr.engine.sqlite!;
          db.pragma('defer_foreign_keys = ON');
          db.prepare(
            `INSERT INTO leave_requests (id, organization_id, user_id, start_date, end_date, type, status, days,
                 created_at, updated_at, version)
               VALUES ('dangling', 'no-such-org', 'no-such-user', '2026-01-01', '2026-01-01', 'ANNUAL', 'PENDING', 1,
                 '2026-01-01', '2026-01-01', 1)`,
          ).run();
        }),
    });
    const alice = await svc.signIn('alice@acme.test');
    const body = { startDate: '2026-04-07', endDate: '2026-04-08', type: 'ANNUAL' };
    const headers = { 'idempotency-key': 'leave-april' };

    breakNextCommit = true;
    const lost = await svc.request('POST', '/api/leave', { token: alice.access_token, body, headers });
    expect(lost.status).toBe(503);
    expect(lost.headers.get('content-type')).toContain('application/problem+json');
    expect(lost.headers.get('retry-after')).toBe('1');
    expect(lost.body).toMatchObject({ status: 503, detail: expect.stringContaining('nothing was kept') });
    // The operator hears of it, with SQLite's reason.
    expect(log.join('')).toMatch(/FOREIGN KEY constraint failed.*a batch of writes was not committed/);
    const db = svc.engine.sqlite!;
    const count = () => db.prepare('SELECT COUNT(*) FROM leave_requests WHERE start_date LIKE ?').pluck();
    expect(count().get('2026-04-07%')).toBe(0);

    // The retry with the same key is not answered from a record of the lost attempt: it runs.
    const retry = await svc.request('POST', '/api/leave', { token: alice.access_token, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const leave = retry.as(leaveSchema);
    expect(leave.startDate.slice(0, 10)).toBe('2026-04-07');
    expect(count().get('2026-04-07%')).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM leave_requests WHERE id = 'dangling'").pluck().get()).toBe(0);
  });
});

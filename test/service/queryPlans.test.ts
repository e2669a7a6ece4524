import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { startTestService, type TestService } from '../support/testService';

// The SQL the routes really run is captured as it is prepared, then explained.
const prepared: string[] = [];
const originalPrepare = Database.prototype.prepare;

let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;

beforeAll(async () => {
  svc = await startTestService({ scale: 60, workload: true });
  a = await signInAll(svc, DEMO);
  Database.prototype.prepare = function (this: Database.Database, sql: string) {
    prepared.push(sql);
    return originalPrepare.call(this, sql);
  } as typeof originalPrepare;
});
afterAll(async () => {
  Database.prototype.prepare = originalPrepare;
  await svc.close();
});

const LARGE_TABLES = [
  'users',
  'trainings',
  'leave_requests',
  'notifications',
  'forms',
  'form_responses',
  'form_answers',
  'form_distributions',
];

function plan(sql: string): string[] {
  const params: Record<string, unknown> = {};
  for (const [, name] of sql.matchAll(/[:@$](\w+)/g)) params[name!] = name === 'limit' || name === 'offset' ? 10 : 'x';
  if (sql.includes('json_each')) params.ids = '["x"]';
  const positional = (sql.match(/\?/g) ?? []).map(() => 'x');
  const statement = originalPrepare.call(svc.engine.sqlite!, `EXPLAIN QUERY PLAN ${sql}`) as Database.Statement<
    unknown[]
  >;
  const rows = (positional.length ? statement.all(...positional) : statement.all(params)) as { detail: string }[];
  return rows.map((r) => r.detail);
}

/** The SQL a request prepared (each route's statements are new here, so all of them are caught). */
async function statementsOf(path: string, who: keyof typeof DEMO): Promise<string[]> {
  prepared.length = 0;
  const res = await svc.request('GET', path, { token: a[who].token });
  expect(res.status).toBe(200);
  return [...new Set(prepared)];
}

describe('default list queries use indexes', () => {
  it.each([
    ['trainings as a USER', '/api/trainings', 'alice'],
    ['trainings as a MANAGER', '/api/trainings', 'manager'],
    ['trainings as an ADMIN', '/api/trainings', 'admin'],
    ['own leave', '/api/leave', 'alice'],
    ['pending approvals', '/api/leave/pending-approvals', 'manager'],
    ['upcoming leave', '/api/leave/upcoming', 'manager'],
    ['team leave', '/api/leave/team', 'manager'],
    ['the calendar', '/api/leave/calendar?startDate=2026-03-01&endDate=2026-03-31', 'alice'],
    ['notifications', '/api/notifications', 'alice'],
    ['unread notifications', '/api/notifications?unreadOnly=true', 'alice'],
    ['the directory', '/api/users', 'alice'],
    ['forms', '/api/forms', 'admin'],
    ['published forms', '/api/forms?status=PUBLISHED', 'admin'],
    ['assigned forms', '/api/forms/assigned', 'alice'],
  ] as const)('%s: no full scan of a large table', async (_name, path, who) => {
    const statements = (await statementsOf(path, who)).filter((sql) => /^\s*SELECT/i.test(sql));
    // Each route's own list query is new SQL, so it must have been prepared (and caught) here.
    expect(statements.some((sql) => LARGE_TABLES.some((t) => new RegExp(`FROM ${t}\\b`).test(sql)))).toBe(true);
    if (process.env.SHOW_PLANS)
      console.warn(
        path,
        statements.map((sql) => [sql.replace(/\s+/g, ' '), plan(sql)]),
      );
    const details = statements.flatMap(plan);
    for (const detail of details) {
      for (const table of LARGE_TABLES) {
        expect(detail, `${path}: ${detail}`).not.toMatch(new RegExp(`^SCAN ${table}\\b(?! USING COVERING INDEX)`));
      }
    }
  });
});

describe('pages in the orders a sync walks', () => {
  it.each([
    ['trainings by creation', '/api/trainings?sortBy=createdAt&pageSize=10&page=3', 'admin'],
    ['trainings by start, newest first', '/api/trainings?sortBy=startDate&sortOrder=desc&pageSize=10&page=3', 'admin'],
    ['team leave by creation', '/api/leave/team?sortBy=createdAt&pageSize=10&page=3', 'admin'],
    ['the directory by creation', '/api/users?sortBy=createdAt&pageSize=10&page=3', 'alice'],
  ] as const)('%s: skipped rows are walked in a covering index, only the page is sorted', async (_n, path, who) => {
    const page = (await statementsOf(path, who)).find((sql) => sql.includes('rowid IN (SELECT rowid'));
    expect(page, 'the page query').toBeDefined();
    const details = plan(page!);
    expect(details.some((d) => /^SEARCH \w+ USING COVERING INDEX \w+ \(organization_id=\?/.test(d))).toBe(true);
    // One sort, of the page's own rows by rowid; none over the organization.
    expect(details.filter((d) => d.includes('TEMP B-TREE'))).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
  });
});

describe("a leave request's checks read an index only", () => {
  it("the overlap check and the balance floor's year totals walk the person's leave by end date, covered", async () => {
    prepared.length = 0;
    const res = await svc.request('POST', '/api/leave', {
      token: a.alice.token,
      body: { startDate: '2026-11-02', endDate: '2026-11-03', type: 'ANNUAL' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const checks = [...new Set(prepared)].filter((sql) => /FROM leave_requests/.test(sql) && /end_date >=/.test(sql));
    expect(checks).toHaveLength(2);
    for (const sql of checks) {
      const details = plan(sql);
      expect(details, sql).toContainEqual(
        expect.stringMatching(
          /^SEARCH leave_requests USING COVERING INDEX leave_org_user_end \(organization_id=\? AND user_id=\? AND end_date>\?/,
        ),
      );
    }
  });
});

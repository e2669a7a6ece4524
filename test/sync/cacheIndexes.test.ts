import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/accounts';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// Every index of the cache costs bytes on disk and time at every sync's insert, so each must be one
// a query of the app reads. The SQL the backend really prepares is caught as it is prepared (a sync,
// then every view's reads), explained, and each index matched with the statements whose plan uses
// it. NEEDED_BY says which read each index is for: an index added with no entry fails, and so does
// an entry whose index no caught plan uses.
const NEEDED_BY: Readonly<Record<string, string>> = {
  allocations_user: "a person's balance sheet: their allocations by year",
  calendar_leave_end: 'the calendar and the wall chart: leave ending on or after the first day shown',
  calendar_leave_user_end: "a person's leave in the calendar (the leave dialog's clashes, their balance preview)",
  calendar_users_department: 'the calendar filtered to a department, by name',
  calendar_users_name: 'the calendar of everyone, by name',
  form_responses_form: "a form's responses, newest first",
  forms_created: 'the forms list, newest first',
  forms_status: 'the forms list filtered by status',
  leave_dates: 'leave by dates (the team and the approvals lists in date order)',
  leave_end_start: 'leave to come (upcoming), by end date',
  leave_reviewed: 'decisions by their time (the decided tab)',
  leave_status_start: 'requests waiting for a decision, by start date',
  leave_user_end: "a person's own leave, the year's totals and the balance sheet",
  notifications_created: 'notifications, newest first',
  notifications_unread: 'unread notifications, newest first',
  outbox_entity: 'changes waiting for one record (its "waiting to sync" mark)',
  outbox_state: 'the changes to push, in order',
  trainings_expiry: 'trainings by expiry (the Expiring view, sorted by expiry)',
  trainings_name: 'trainings by name, the default sort',
  trainings_status: 'trainings filtered by status',
  trainings_user: "a person's training record",
  users_department: 'the directory filtered to a department',
  users_end_date: 'leavers (the directory of those who left)',
  users_manager: "a manager's reports (the organization chart, the team)",
  users_name: 'the directory, by name',
};

const prepared = new Set<string>();
const originalPrepare = Database.prototype.prepare;
let service: ServiceProcess;
let app: TestBackend;

beforeAll(async () => {
  service = await new ServiceProcess(30).start();
  Database.prototype.prepare = function (this: Database.Database, sql: string) {
    prepared.add(sql);
    return originalPrepare.call(this, sql);
  } as typeof originalPrepare;
  app = new TestBackend();
  await app.signIn(service.url, DEMO.admin);
  await app.call('sync.now');
  const me = await app.call('users.me');
  const someone = (await app.call('users.list', { pageSize: 5 })).data[1]!;
  const department = (await app.call('departments.list'))[0]!;
  const form = (await app.call('forms.list', {})).data[0]!;
  const quarter = { startDate: '2026-01-01', endDate: '2026-03-31' };
  const reads: Promise<unknown>[] = [
    ...(['name', 'startDate', 'expiryDate', 'endDate', 'person'] as const).map((sortBy) =>
      app.call('trainings.list', { sortBy }),
    ),
    app.call('trainings.list', { search: 'safety' }),
    app.call('trainings.list', { status: 'COMPLETED' }),
    app.call('trainings.list', { expiry: 'expiring' }),
    app.call('trainings.list', { expiry: 'expired' }),
    app.call('trainings.list', { userId: someone.id }),
    app.call('trainings.list', { departmentId: department.id }),
    app.call('trainings.expiring', undefined),
    app.call('trainings.record', { userId: someone.id }),
    app.call('calendar.range', quarter),
    app.call('calendar.range', { ...quarter, departmentId: department.id }),
    app.call('calendar.chart', quarter),
    app.call('calendar.chart', { ...quarter, search: 'a' }),
    app.call('leave.mine', {}),
    app.call('leave.mine', { year: 2026 }),
    app.call('leave.team', {}),
    app.call('leave.team', { decided: true }),
    app.call('leave.team', { newestFirst: true }),
    app.call('leave.pendingApprovals', {}),
    app.call('leave.upcoming', {}),
    app.call('leave.totals', { year: 2026 }),
    app.call('leave.balances', { userId: someone.id }),
    app.call('leave.balances', { userId: me!.id }),
    app.call('leave.balanceList', {}),
    app.call('notifications.list', {}),
    app.call('notifications.list', { unreadOnly: true }),
    app.call('forms.list', {}),
    app.call('forms.list', { status: 'PUBLISHED' }),
    app.call('forms.responses', { id: form.id }),
    app.call('users.list', {}),
    app.call('users.list', { departmentId: department.id }),
    app.call('users.list', { employment: 'former' }),
    app.call('users.list', { managerId: me!.id }),
    app.call('users.chart'),
    app.call('users.person', { id: someone.id }),
    app.call('sync.waiting'),
    app.call('sync.unsent'),
  ];
  for (const read of reads) await read;
}, 120_000);

afterAll(async () => {
  Database.prototype.prepare = originalPrepare;
  app.dispose();
  await service.dispose();
});

/** The indexes each statement's plan uses. */
function indexesUsed(db: Database.Database, sql: string): string[] {
  const params: Record<string, unknown> = {};
  for (const [, name] of sql.matchAll(/[:@$](\w+)/g)) params[name!] = 'x';
  const positional = (sql.match(/\?/g) ?? []).map(() => 'x');
  let rows: { detail: string }[];
  try {
    const statement = originalPrepare.call(db, `EXPLAIN QUERY PLAN ${sql}`) as Database.Statement<unknown[]>;
    rows = (positional.length ? statement.all(...positional) : statement.all(params)) as { detail: string }[];
  } catch {
    return []; // another database's statement (the service's, the key file's): not the cache's
  }
  // A search by the index, or a walk of it for its order. A walk of a covering index alone is not a
  // need: SQLite walks the smallest index to count or test rows, whichever it is.
  return rows.flatMap((r) =>
    [...r.detail.matchAll(/^(SEARCH|SCAN) \w+(?: AS \w+)? USING (COVERING )?INDEX (\w+)/g)]
      .filter((m) => m[1] === 'SEARCH' || !m[2])
      .map((m) => m[3]!),
  );
}

describe("the cache's indexes", () => {
  it('are each read by a query of the app, and none is there without one', () => {
    const db = app.backend.account!.db as unknown as Database.Database;
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    const usedBy = new Map<string, string[]>();
    for (const sql of prepared) {
      for (const index of indexesUsed(db, sql)) usedBy.set(index, [...(usedBy.get(index) ?? []), sql]);
    }
    if (process.env.SHOW_PLANS)
      for (const [index, statements] of usedBy)
        console.warn(
          index,
          statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 160)),
        );
    // An index without a read named for it, and a read named for an index no statement uses.
    expect(indexes.filter((name) => !(name in NEEDED_BY))).toEqual([]);
    expect(indexes.filter((name) => !usedBy.has(name))).toEqual([]);
    expect(Object.keys(NEEDED_BY).filter((name) => !indexes.includes(name))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { openDatabase } from '../../src-server/db/open';
import { DEMO_ORGANIZATIONS, FIRST_NAMES } from '../../src-server/demo/people';
import { seedDemo } from '../../src-server/demo/seed';
import { LEAVE_NOTES } from '../../src-server/demo/workload';
import { ManualClock } from '../../src-server/system/clock';
import { TenantDb } from '../../src-server/db/tenantDb';
import { balanceInputs, readPolicy } from '../../src-server/leave/balanceStore';
import { leaveYearOf, leaveYearRange, ruledOutByDates } from '../../src-shared/rules';
import { typeBalance } from '../../src-shared/holidays/leaveBalances';
import { countLeaveDays, weekOf } from '../../src-shared/holidays/workingDays';
import { leavePolicySchema, personWeekSchema } from '../../src-shared/wire';

const DAY = 86_400_000;

/** The demo organization is what screenshots and a first look show: it must read true. */
describe('demo data reads true', async () => {
  const db = openDatabase(':memory:');
  const engine = new SqliteEngine(db);
  await seedDemo(engine, { scale: 600, clock: new ManualClock('2026-11-23T09:00:00.000Z') });
  const leave = db
    .prepare(
      `SELECT l.type, l.notes, l.status, l.start_date AS start, l.end_date AS end, u.first_name AS first, u.email
       FROM leave_requests l JOIN users u ON u.id = l.user_id`,
    )
    .all() as {
    type: string;
    notes: string | null;
    status: string;
    start: string;
    end: string;
    first: string;
    email: string;
  }[];
  const lengthInDays = (l: { start: string; end: string }) => (Date.parse(l.end) - Date.parse(l.start)) / DAY + 1;

  it('writes no note on sick leave, and none from the annual pool on any other type', () => {
    const sick = leave.filter((l) => l.type === 'SICK');
    expect(sick.length).toBeGreaterThan(100);
    expect(sick.filter((l) => l.notes !== null)).toEqual([]);
    const holidayNotes = new Set(LEAVE_NOTES.ANNUAL.filter((n) => n !== null));
    expect(leave.filter((l) => l.type !== 'ANNUAL' && l.notes && holidayNotes.has(l.notes))).toEqual([]);
    // The annual pool is used where it belongs, so the rule above is not passed by writing no notes at all.
    expect(leave.some((l) => l.type === 'ANNUAL' && l.notes && holidayNotes.has(l.notes))).toBe(true);
  });

  it('gives parental leave a plausible length, to the person who would take it, at most once a person', () => {
    const maternity = leave.filter((l) => l.type === 'MATERNITY');
    const paternity = leave.filter((l) => l.type === 'PATERNITY');
    expect(maternity.length).toBeGreaterThan(3);
    expect(paternity.length).toBeGreaterThan(3);
    for (const l of maternity) expect(lengthInDays(l), l.email).toBeGreaterThanOrEqual(14);
    for (const l of paternity) {
      expect(lengthInDays(l), l.email).toBeGreaterThanOrEqual(5);
      expect(lengthInDays(l), l.email).toBeLessThanOrEqual(14);
    }
    const mothers = new Set(FIRST_NAMES.filter(([, p]) => p === 'MATERNITY').map(([n]) => n.split(' ')[0]));
    for (const l of maternity) expect(mothers.has(l.first.split(' ')[0]), l.first).toBe(true);
    for (const l of paternity) expect(mothers.has(l.first.split(' ')[0]), l.first).toBe(false);
    const parental = [...maternity, ...paternity].map((l) => l.email);
    expect(new Set(parental).size).toBe(parental.length);
    // Nobody's sick or parental leave was turned down.
    expect(leave.filter((l) => ['SICK', 'MATERNITY', 'PATERNITY'].includes(l.type) && l.status === 'REJECTED')).toEqual(
      [],
    );
  });

  it('names no two people of an organization alike', () => {
    const rows = db
      .prepare("SELECT organization_id AS org, first_name || ' ' || last_name AS name FROM users")
      .all() as { org: string; name: string }[];
    expect(rows.length).toBeGreaterThan(1200);
    const keys = rows.map((r) => `${r.org}:${r.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tells the runs of a course apart by the day of their session', () => {
    const rows = db.prepare('SELECT name, start_date AS start FROM trainings LIMIT 500').all() as {
      name: string;
      start: string;
    }[];
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const day = (start: string) =>
      `${Number(start.slice(8, 10))} ${months[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
    for (const r of rows) expect(r.name).toMatch(new RegExp(`^[A-Z][\\w -]+ \\(${day(r.start)}\\)$`));
    // An admin's first page, by name: mostly different sessions.
    const firstPage = db
      .prepare(
        `SELECT name FROM trainings WHERE organization_id =
           (SELECT organization_id FROM users WHERE email = 'admin@acme.test') ORDER BY name LIMIT 25`,
      )
      .pluck()
      .all() as string[];
    expect(new Set(firstPage).size).toBeGreaterThan(12);
  });

  it('gives no training a status its dates make impossible on the day it is seeded', () => {
    const trainings = db
      .prepare('SELECT status, outcome, start_date AS startDate, end_date AS endDate FROM trainings')
      .all() as Parameters<typeof ruledOutByDates>[0][];
    expect(trainings.length).toBeGreaterThan(1000);
    expect(trainings.filter((t) => ruledOutByDates(t, '2026-11-23'))).toEqual([]);
    // Each status is there to see, so the rule above is not passed by planning everything.
    expect(new Set(trainings.map((t) => t.status))).toEqual(
      new Set(['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']),
    );
  });

  it('keeps departments with the names of real ones', () => {
    const names = db.prepare('SELECT DISTINCT name FROM departments ORDER BY name').pluck().all();
    expect(names).toEqual([...new Set(DEMO_ORGANIZATIONS.flatMap((o) => o.departments))].sort());
    for (const name of names as string[]) expect(name).toMatch(/^[A-Z][a-z]+$/);
  });

  it('gives balances that read true: most carry days over, a few joined this year, one is near zero, none below the floor', async () => {
    const rows = db.prepare('SELECT u.id, u.organization_id AS org, u.nationality FROM users u').all() as {
      id: string;
      org: string;
      nationality: string;
    }[];
    const today = '2026-11-23';
    const figures = [];
    for (const r of rows) {
      const tenant = new TenantDb(engine, r.org);
      const policy = await readPolicy(tenant);
      const { startDate, workingWeek, leave, allocations } = await balanceInputs(tenant, r.id);
      const year = leaveYearOf(today, policy);
      const balance = typeBalance('ANNUAL', year, {
        person: { nationality: r.nationality, startDate, week: weekOf({ workingWeek }, policy) },
        policy,
        today,
        leave,
        allocations,
      });
      figures.push({
        ...balance,
        startDate,
        floor: policy.floorDays,
        yearStart: leaveYearRange(year, policy).startDate,
      });
    }
    expect(figures.filter((f) => f.left < -f.floor)).toEqual([]);
    const carried = figures.filter((f) => f.carriedOver + f.lapsed > 0).length;
    expect(carried / figures.length).toBeGreaterThan(0.5);
    const joiners = figures.filter((f) => f.startDate && f.startDate > f.yearStart);
    expect(joiners.length).toBeGreaterThanOrEqual(2);
    for (const j of joiners) expect(j.allowance).toBeLessThan(25);
    expect(figures.filter((f) => f.remaining !== null && f.remaining <= 2).length).toBeGreaterThanOrEqual(1);
    const reasons = db.prepare('SELECT DISTINCT reason FROM leave_allocations').pluck().all() as string[];
    expect(reasons.length).toBeGreaterThanOrEqual(3);
  });

  it('has part-timers whose leave counts their days, a few half days, and Globex’s year-end close', async () => {
    const partTimers = db
      .prepare(
        `SELECT u.id, u.organization_id AS org, u.nationality, u.working_week AS week FROM users u
         WHERE u.working_week IS NOT NULL`,
      )
      .all() as { id: string; org: string; nationality: string; week: string }[];
    // One Monday to Wednesday and one mornings only in each organization, and more in a large one.
    expect(partTimers.length).toBeGreaterThanOrEqual(4);
    const weeks = partTimers.map((p) => personWeekSchema.parse(JSON.parse(p.week)));
    expect(weeks.some((w) => w.length === 3 && w.every((d) => d.part === 'FULL'))).toBe(true);
    expect(weeks.some((w) => w.length === 5 && w.every((d) => d.part === 'MORNING'))).toBe(true);
    // Each of their requests holds the days their own week counts.
    for (const [i, p] of partTimers.entries()) {
      const rows = db
        .prepare(
          `SELECT start_date AS start, end_date AS end, start_part AS startPart, end_part AS endPart, days
           FROM leave_requests WHERE user_id = ?`,
        )
        .all(p.id) as { start: string; end: string; startPart: 'FULL'; endPart: 'FULL'; days: number }[];
      for (const r of rows) {
        expect(r.days).toBe(
          countLeaveDays({ ...r, start: r.start.slice(0, 10), end: r.end.slice(0, 10) }, p.nationality, weeks[i]!),
        );
        expect(r.days).toBeGreaterThan(0);
      }
    }
    const halves = db
      .prepare(`SELECT COUNT(*) FROM leave_requests WHERE start_part = 'AFTERNOON' OR end_part = 'MORNING'`)
      .pluck()
      .get() as number;
    expect(halves).toBeGreaterThan(20);
    const globex = db.prepare(`SELECT id FROM organizations WHERE slug = 'globex'`).pluck().get() as string;
    const policy = leavePolicySchema.parse(await readPolicy(new TenantDb(engine, globex)));
    expect(policy.blockedPeriods).toEqual([
      { startDate: '2026-12-22', endDate: '2026-12-31', reason: 'The year-end close' },
    ]);
  });

  it('asks the pulse’s follow-up only of those who do not see themselves here in a year', () => {
    const rows = db
      .prepare(
        `SELECT q.id, q.show_if AS showIf FROM form_questions q JOIN forms f ON f.id = q.form_id
         WHERE f.title = 'Employee engagement pulse' AND q.label = 'What would make you stay?'`,
      )
      .all() as { id: string; showIf: string }[];
    expect(rows).toHaveLength(2); // one pulse in each organization
    for (const row of rows) {
      const stay = (JSON.parse(row.showIf) as { conditions: { questionId: string; value: string }[] }).conditions[0]!;
      expect(stay.value).toBe('no');
      const answeredAfterNo = db
        .prepare(
          `SELECT COUNT(*) FROM form_answers a JOIN form_answers s ON s.response_id = a.response_id
           WHERE a.question_id = ? AND s.question_id = ? AND s.value = 'no'`,
        )
        .pluck()
        .get(row.id, stay.questionId) as number;
      const answered = db
        .prepare('SELECT COUNT(*) FROM form_answers WHERE question_id = ?')
        .pluck()
        .get(row.id) as number;
      expect(answered).toBeGreaterThan(0);
      expect(answeredAfterNo).toBe(answered);
      const unasked = db
        .prepare('SELECT COUNT(*) FROM form_unasked WHERE question_id = ?')
        .pluck()
        .get(row.id) as number;
      const notNo = db
        .prepare(
          `SELECT COUNT(*) FROM form_responses r WHERE r.form_id = (SELECT form_id FROM form_questions WHERE id = ?)
           AND NOT EXISTS (SELECT 1 FROM form_answers s WHERE s.response_id = r.id AND s.question_id = ? AND s.value = 'no')`,
        )
        .pluck()
        .get(row.id, stay.questionId) as number;
      expect(unasked).toBe(notNo);
    }
  });
});

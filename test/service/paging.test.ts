import { describe, expect, it } from 'vitest';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { openDatabase } from '../../src-server/db/open';
import { TenantDb } from '../../src-server/db/tenantDb';
import { seedDemo } from '../../src-server/demo/seed';
import { readPage } from '../../src-server/db/engine/pages';
import { ManualClock } from '../../src-server/system/clock';

async function seeded() {
  const db = openDatabase(':memory:');
  const engine = new SqliteEngine(db);
  await seedDemo(engine, { scale: 12, clock: new ManualClock('2026-03-02T09:00:00.000Z'), workload: true });
  const org = db.prepare("SELECT organization_id FROM users WHERE email = 'admin@acme.test'").pluck().get() as string;
  const tenant = new TenantDb(engine, org);
  const total = async () =>
    (
      await readPage(
        tenant,
        { table: 'trainings', where: 'organization_id = :org', select: 'id', orderBy: 'created_at', params: {} },
        { page: 1, pageSize: 5 },
        (row: { id: string }) => row.id,
      )
    ).meta.total;
  const userId = db.prepare('SELECT id FROM users WHERE organization_id = ? LIMIT 1').pluck().get(org) as string;
  const typeId = db.prepare('SELECT id FROM training_references WHERE organization_id = ? LIMIT 1').pluck().get(org);
  let n = 0;
  const addTraining = () =>
    db
      .prepare(
        `INSERT INTO trainings (id, organization_id, user_id, name, type_id, category_id, start_date, status, outcome,
           created_at, updated_at, version)
         VALUES (?, ?, ?, 'Added', ?, ?, '2026-03-02', 'PLANNED', 'PENDING', '2026-03-02', '2026-03-02', 1)`,
      )
      .run(`added-${++n}`, org, userId, typeId, typeId);
  // One write, one step of the change counter.
  const renameDepartment = () =>
    db
      .prepare(
        "UPDATE departments SET name = name || ' ' WHERE id = (SELECT id FROM departments WHERE organization_id = ? LIMIT 1)",
      )
      .run(org);
  const count = () => db.prepare('SELECT COUNT(*) FROM trainings WHERE organization_id = ?').pluck().get(org);
  return { db, total, addTraining, renameDepartment, count };
}

describe("a list's total", () => {
  it('is counted once while the organization is unchanged, and again once anything in it changed', async () => {
    const { db, total, addTraining, renameDepartment, count } = await seeded();
    const before = await total();
    expect(before).toBe(count());
    // A row added behind the counter's back is not counted: the total read before stands…
    db.exec('DROP TRIGGER trainings_insert_counts');
    addTraining();
    expect(await total()).toBe(before);
    // …until any write in the organization moves the counter.
    renameDepartment();
    expect(await total()).toBe(before + 1);
    db.close();
  });

  it('counted inside a batch that is then lost is not kept for the counter value that comes round again', async () => {
    const { db, total, addTraining, renameDepartment, count } = await seeded();
    const before = await total();
    db.exec('BEGIN IMMEDIATE');
    addTraining();
    expect(await total()).toBe(before + 1); // as the batch sees itself
    db.exec('ROLLBACK');
    // Another write takes the same counter value, with one training fewer than the lost batch had.
    renameDepartment();
    expect(await total()).toBe(before);
    expect(await total()).toBe(count());
    db.close();
  });
});

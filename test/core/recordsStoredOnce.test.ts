import { describe, expect, it } from 'vitest';
import type { Leave, Training, User } from '../../src-shared/wire';
import { cacheMigrations } from '../../src-main/core/cache/migrations';
import { entityDescriptor, readBase, readEffective, writeRow } from '../../src-main/core/cache/entities';
import { migrate } from '../../src-node/sqlite/migrations';
import { openSqlite } from '../../src-node/sqlite/openSqlite';
import { trainingRecord } from '../support/records';

const LEDGER = { table: 'cache_migrations', tooNew: () => 'newer' };

function leaveRecord(fields: Partial<Leave> = {}): Leave {
  return {
    id: 'l1',
    userId: 'u1',
    startDate: '2027-01-25T00:00:00.000Z',
    endDate: '2027-01-26T00:00:00.000Z',
    startPart: 'AFTERNOON',
    type: 'ANNUAL',
    notes: 'Ski “week” \\ with a \n line',
    status: 'PENDING',
    days: 1.5,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: '2027-01-02T09:00:00.000Z',
    updatedAt: '2027-01-02T09:00:00.000Z',
    version: 1,
    ...fields,
  };
}

const LEAVE = [
  leaveRecord(),
  leaveRecord({
    id: 'l2',
    status: 'APPROVED',
    reviewedBy: 'u9',
    reviewedAt: '2027-01-03T10:00:00.000Z',
    days: 0.1 + 0.2,
    startPart: undefined,
  }),
];
const TRAININGS = [
  trainingRecord({ id: 't1', name: 'Erste Hilfe – “Grundkurs” \\ 🚑', cost: 1234.5678901234567, hours: 0.25 }),
  trainingRecord({
    id: 't2',
    expiryDate: '2028-01-01T00:00:00.000Z',
    hours: null,
    endDate: '2026-03-03T09:00:00.000Z',
  }),
];

const at = '2026-03-02T09:00:00.000Z';
const PEOPLE: User[] = [
  {
    id: 'u1',
    email: 'zoë.o’brien@example.test',
    firstName: 'Zoë',
    lastName: 'O’Brien "Jr"',
    organizationId: 'o1',
    departmentId: null,
    managerId: 'u2',
    nationality: 'IE',
    roles: ['USER'],
    createdAt: at,
    updatedAt: at,
    version: 1,
  },
  {
    id: 'u2',
    email: 'b@example.test',
    firstName: 'Bea',
    lastName: 'Berg',
    organizationId: 'o1',
    departmentId: 'd1',
    managerId: null,
    nationality: 'DE',
    roles: ['MANAGER'],
    status: 'LEFT',
    endDate: '2026-10-31',
    startDate: null,
    createdAt: at,
    updatedAt: at,
    version: 3,
  },
];

const stored = (db: ReturnType<typeof openSqlite>, table: string, id: string) =>
  JSON.parse((db.prepare(`SELECT json FROM ${table} WHERE id = ?`).get(id) as { json: string }).json) as object;

describe('requests, trainings and people stored once', () => {
  it('keeps out of the JSON what the columns hold, and reads back the record as it was, nulls and absences alike', () => {
    const db = openSqlite(':memory:');
    migrate(db, cacheMigrations, LEDGER);
    for (const l of LEAVE) writeRow(db, 'leave', l.id, l, l);
    for (const t of TRAININGS) writeRow(db, 'trainings', t.id, t, t);
    for (const u of PEOPLE) writeRow(db, 'users', u.id, u, u);
    for (const u of PEOPLE) expect(readEffective(db, 'users', u.id)).toEqual(u);
    expect(stored(db, 'users', 'u1')).not.toHaveProperty('lastName');
    expect(stored(db, 'users', 'u1')).toHaveProperty('departmentId', null);
    for (const l of LEAVE) {
      expect(readEffective(db, 'leave', l.id)).toEqual(JSON.parse(JSON.stringify(l)));
      expect(readBase(db, 'leave', l.id)).toEqual(JSON.parse(JSON.stringify(l)));
    }
    for (const t of TRAININGS) expect(readEffective(db, 'trainings', t.id)).toEqual(t);
    // What a column holds is not in the JSON; a null stays there (the column cannot tell null from absent).
    expect(stored(db, 'leave', 'l1')).not.toHaveProperty('userId');
    expect(stored(db, 'leave', 'l1')).not.toHaveProperty('id');
    expect(stored(db, 'leave', 'l1')).toHaveProperty('reviewedAt', null);
    expect(stored(db, 'leave', 'l2')).not.toHaveProperty('reviewedAt');
    expect(stored(db, 'trainings', 't1')).not.toHaveProperty('name');
    expect(stored(db, 'trainings', 't2')).toHaveProperty('hours', null);
    db.close();
  });

  it('keeps the service’s copy whole beside a change waiting, and names in the JSON only the fields of its columns', () => {
    const db = openSqlite(':memory:');
    migrate(db, cacheMigrations, LEDGER);
    const theirs = LEAVE[0]!;
    const mine = { ...theirs, startDate: '2027-02-01T00:00:00.000Z', endDate: '2027-02-01T00:00:00.000Z', days: 0.5 };
    writeRow(db, 'leave', theirs.id, mine, theirs);
    expect(readEffective(db, 'leave', theirs.id)).toEqual(JSON.parse(JSON.stringify(mine)));
    expect(readBase(db, 'leave', theirs.id)).toEqual(JSON.parse(JSON.stringify(theirs)));
    // The migration's `record` puts back exactly the fields the descriptor keeps out.
    for (const entity of ['leave', 'trainings', 'users'] as const) {
      const columns = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).get(entity) as { sql: string }).sql;
      for (const field of Object.keys(entityDescriptor(entity).inColumns ?? {}))
        expect(columns).toContain(`"${field}"`);
    }
    db.close();
  });

  it('moves a cache of the version before to records stored once, reading each back unchanged', () => {
    const db = openSqlite(':memory:');
    migrate(
      db,
      cacheMigrations.filter((m) => m.version < 20),
      LEDGER,
    );
    // As the version before wrote them: the columns beside the whole record.
    for (const [entity, records] of [
      ['leave', LEAVE],
      ['trainings', TRAININGS],
      ['users', PEOPLE],
    ] as const) {
      const d = entityDescriptor(entity);
      const cols = ['id', ...d.columns, 'json', 'base'];
      const insert = db.prepare(
        `INSERT INTO ${entity} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      );
      for (const r of records as (Leave | Training | User)[]) {
        insert.run(r.id, ...d.values(r as never), JSON.stringify(r), '');
      }
    }
    const before = (db.prepare('SELECT sum(length(json)) AS n FROM leave').get() as { n: number }).n;
    migrate(db, cacheMigrations, LEDGER);
    for (const l of LEAVE) expect(readEffective(db, 'leave', l.id)).toEqual(JSON.parse(JSON.stringify(l)));
    for (const t of TRAININGS) expect(readEffective(db, 'trainings', t.id)).toEqual(t);
    for (const u of PEOPLE) expect(readEffective(db, 'users', u.id)).toEqual(u);
    expect((db.prepare('SELECT sum(length(json)) AS n FROM leave').get() as { n: number }).n).toBeLessThan(before / 2);
    db.close();
  });
});

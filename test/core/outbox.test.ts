import { STANDARD_WEEK } from '@shared/holidays/workingDays';
import { describe, expect, it } from 'vitest';
import { listItems, withVersion } from '../../src-main/core/api/tolerance';
import { toProblem } from '../../src-main/core/api/apiErrors';
import { readBase, readEffective, writeRow } from '../../src-main/core/cache/entities';
import { openCache } from '../../src-main/core/cache/openCache';
import { enqueue, nextToPush, operationsFor } from '../../src-main/core/sync/outboxStore';
import { backoffMs } from '../../src-main/core/sync/push';
import type { Notification } from '../../src-shared/wire';
import { trainingRecord } from '../support/records';

const actor = { userId: 'me', nationality: 'GB', week: STANDARD_WEEK };
const at = '2026-03-02T09:00:00.000Z';
const leave = (startDate: string, endDate: string) => ({ startDate, endDate, type: 'ANNUAL' as const });

function kinds(db: ReturnType<typeof openCache>) {
  return (
    db.prepare('SELECT kind, entity_id AS id, payload FROM outbox ORDER BY seq').all() as {
      kind: string;
      id: string;
      payload: string;
    }[]
  ).map((r) => [r.kind, r.id, JSON.parse(r.payload) as unknown]);
}

describe('the outbox folds changes not yet sent', () => {
  it('create + update is one create with the later fields; the record shows them, days counted here', () => {
    const db = openCache(':memory:');
    enqueue(db, { kind: 'leave.create', entityId: 'local-1', payload: leave('2026-04-02', '2026-04-03'), at }, actor);
    enqueue(
      db,
      {
        kind: 'leave.update',
        entityId: 'local-1',
        payload: { ...leave('2026-04-02', '2026-04-07'), notes: 'Easter' },
        at,
      },
      actor,
    );
    expect(kinds(db)).toEqual([['leave.create', 'local-1', { ...leave('2026-04-02', '2026-04-07'), notes: 'Easter' }]]);
    // GB: Good Friday and Easter Monday are not working days.
    expect(readEffective(db, 'leave', 'local-1')).toMatchObject({
      status: 'PENDING',
      days: 2,
      notes: 'Easter',
      userId: 'me',
    });
  });

  it('create + delete is nothing at all', () => {
    const db = openCache(':memory:');
    enqueue(
      db,
      {
        kind: 'training.create',
        entityId: 'local-t',
        payload: { name: 'X', typeId: 't', categoryId: 'c', startDate: '2026-01-01' },
        at,
      },
      actor,
    );
    enqueue(db, { kind: 'training.update', entityId: 'local-t', payload: { hours: 3 }, at }, actor);
    enqueue(db, { kind: 'training.delete', entityId: 'local-t', payload: {}, at }, actor);
    expect(kinds(db)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM trainings').get()).toEqual({ n: 0 });
  });

  it('update + update is one update; update + delete is a delete checked against the first version', () => {
    const db = openCache(':memory:');
    const base = trainingRecord({
      id: 's1',
      userId: 'me',
      name: 'T',
      startDate: at,
      createdAt: at,
      updatedAt: at,
      version: 4,
    });
    writeRow(db, 'trainings', 's1', base, base);
    enqueue(db, { kind: 'training.update', entityId: 's1', payload: { hours: 2 }, baseVersion: 4, at }, actor);
    enqueue(db, { kind: 'training.update', entityId: 's1', payload: { name: 'U' }, baseVersion: 4, at }, actor);
    expect(kinds(db)).toEqual([['training.update', 's1', { hours: 2, name: 'U' }]]);
    expect(readEffective(db, 'trainings', 's1')).toMatchObject({ hours: 2, name: 'U', version: 4 });
    enqueue(db, { kind: 'training.delete', entityId: 's1', payload: {}, baseVersion: 4, at }, actor);
    expect(db.prepare('SELECT kind, base_version FROM outbox').all()).toEqual([
      { kind: 'training.delete', base_version: 4 },
    ]);
    expect(readEffective(db, 'trainings', 's1')).toBeNull();
  });

  it('keeps one copy of a record fresh from the service, and the service copy apart once changed here', () => {
    const db = openCache(':memory:');
    const fresh = trainingRecord({ id: 's2', userId: 'me', name: 'Fresh', startDate: at, createdAt: at, version: 2 });
    writeRow(db, 'trainings', 's2', fresh, fresh);
    const stored = () => db.prepare('SELECT length(base) AS base FROM trainings').get();
    expect(stored()).toEqual({ base: 0 });
    expect(readBase(db, 'trainings', 's2')).toEqual(fresh);
    enqueue(db, { kind: 'training.update', entityId: 's2', payload: { name: 'Mine' }, baseVersion: 2, at }, actor);
    expect(readEffective(db, 'trainings', 's2')).toMatchObject({ name: 'Mine' });
    expect(readBase(db, 'trainings', 's2')).toEqual(fresh);
    expect(stored()).toMatchObject({ base: JSON.stringify(fresh).length });
  });

  it('read + read-all is read-all, which reads every notification up to its time', () => {
    const db = openCache(':memory:');
    const n = (id: string, createdAt: string): Notification => ({
      id,
      type: 'FORM_ASSIGNED',
      title: id,
      body: '',
      read: false,
      readAt: null,
      data: {},
      createdAt,
      updatedAt: createdAt,
      version: 1,
    });
    for (const x of [
      n('a', '2026-03-01T00:00:00.000Z'),
      n('b', '2026-03-02T08:00:00.000Z'),
      n('c', '2026-03-03T00:00:00.000Z'),
    ])
      writeRow(db, 'notifications', x.id, x, x);
    enqueue(db, { kind: 'notification.read', entityId: 'a', payload: {}, at }, actor);
    enqueue(db, { kind: 'notification.readAll', entityId: null, payload: {}, at }, actor);
    expect(kinds(db)).toEqual([['notification.readAll', null, {}]]);
    expect(readEffective(db, 'notifications', 'a')?.read).toBe(true);
    expect(readEffective(db, 'notifications', 'b')?.read).toBe(true);
    // Newer than the "read all": stays unread.
    expect(readEffective(db, 'notifications', 'c')?.read).toBe(false);
    expect(operationsFor(db, 'notifications', 'c')).toHaveLength(1);
  });

  it('never folds into a change that was already sent, and sends each record’s changes in order', () => {
    const db = openCache(':memory:');
    enqueue(db, { kind: 'leave.create', entityId: 'local-2', payload: leave('2026-05-04', '2026-05-05'), at }, actor);
    db.prepare('UPDATE outbox SET attempts = 1').run(); // sent once, answer lost
    enqueue(db, { kind: 'leave.update', entityId: 'local-2', payload: leave('2026-05-04', '2026-05-06'), at }, actor);
    enqueue(db, { kind: 'leave.create', entityId: 'local-3', payload: leave('2026-06-01', '2026-06-01'), at }, actor);
    expect(kinds(db).map(([k, id]) => [k, id])).toEqual([
      ['leave.create', 'local-2'],
      ['leave.update', 'local-2'],
      ['leave.create', 'local-3'],
    ]);
    db.prepare("UPDATE outbox SET state = 'conflict' WHERE seq = 1").run();
    // The update waits behind its record's conflict; another record goes ahead.
    expect(nextToPush(db, at)?.entityId).toBe('local-3');
  });
});

describe('pieces of the sync engine', () => {
  it('backs off exponentially with jitter, within bounds', () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(6000);
    expect(backoffMs(50, () => 1)).toBe(300_000);
  });

  it('accepts the list and error shapes of other services (as other HR services answer)', () => {
    expect(listItems([{ id: 1 }]).items).toHaveLength(1);
    for (const key of ['data', 'items', 'results'])
      expect(listItems({ [key]: [{ id: 'x' }] }).items).toEqual([{ id: 'x' }]);
    expect(() => listItems({ rows: [] })).toThrow();
    expect(withVersion({ id: 'a' })).toEqual({ id: 'a', version: 0 });
    expect(toProblem(500, 'Internal error', 'Server Error')).toMatchObject({
      status: 500,
      title: 'Server Error',
      detail: 'Internal error',
    });
    expect(toProblem(400, { message: 'bad' })).toMatchObject({ status: 400, detail: 'bad', type: 'about:blank' });
  });
});

import { trainingPatchSchema, type ReferenceItem, type Training, TRAINING_SORT_COLUMNS } from '@shared/wire';
import type { ListedTraining, TrainingQuery } from '@shared/appApi';
import type { TrainingRecord } from '@shared/appApi/trainings';
import { trainingRecord } from '@shared/records/trainingRecord';
import { withTrainingChanges } from '@shared/records/trainingChanges';
import { utcToday } from '@shared/calendar/dates';
import { expiringGroups, expiryWindow } from '@shared/records/trainingExpiry';
import { currentId, readEffective } from '../cache/entities';
import { AppFailure, checkInput, refuse, requireNoIssues } from '../app/appError';
import {
  checkTrainingMove,
  referenceIssues,
  trainingDateIssues,
  trainingTimingIssues,
  type ReferenceKind,
  trainingCreateSchema,
  trainingUpdateSchema,
} from '@shared/rules';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { nameMatches } from './trainingStore';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import { cachePage } from '../cache/cachePage';
import type { HandlerMap } from '../app/handlerMap';
import type { TrainingsCalls } from '@shared/appApi';

/**
 * Reference ids the cache knows to be wrong. A kind with no entry cached yet (first sync not done)
 * cannot be checked here; the service checks it.
 */
function unknownReferences(db: CacheDb, t: { typeId?: string; categoryId?: string; providerId?: string | null }) {
  const known = (kind: ReferenceKind, id: string) => {
    const row = prepared(db, 'SELECT count(*) AS n, sum(id = ?) AS hit FROM training_refs WHERE kind = ?').get(
      id,
      kind,
    ) as { n: number; hit: number | null };
    return row.n === 0 || row.hit === 1;
  };
  return referenceIssues(
    [
      { path: 'typeId', kind: 'type', id: t.typeId },
      { path: 'categoryId', kind: 'category', id: t.categoryId },
      { path: 'providerId', kind: 'provider', id: t.providerId },
    ],
    known,
  );
}

/**
 * Whose training the account may record, as the service allows: one's own; a direct report's for a
 * MANAGER; anyone's in the organization for an ADMIN.
 */
function requireMayRecordFor(account: OpenAccount, userId: string | undefined): void {
  if (!userId || userId === account.summary.userId || account.role === 'ADMIN') return;
  const person = prepared(account.db, 'SELECT manager_id FROM users WHERE id = ?').get(userId) as
    { manager_id: string | null } | undefined;
  if (account.role === 'MANAGER' && person?.manager_id === account.summary.userId) return;
  refuse(
    [{ path: 'userId', message: 'You can record trainings for yourself and the people who report to you' }],
    'INVALID_INPUT',
  );
}

/** Prefix search over every word the user typed, for FTS5. */
function ftsQuery(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `"${w}"*`).join(' ') : null;
}

export function trainingHandlers(ctx: BackendContext): HandlerMap<TrainingsCalls> {
  const existing = (account: OpenAccount, id: string): Training => {
    const training = readEffective(account.db, 'trainings', id);
    if (!training) throw new AppFailure('NOT_FOUND', 'This training no longer exists');
    return training;
  };

  return {
    'trainings.list': async (q: TrainingQuery) => {
      const { db } = requireAccount(ctx);
      const where = ['t.json IS NOT NULL'];
      const params: unknown[] = [];
      const match = q.search ? ftsQuery(q.search) : null;
      if (match) {
        where.push(nameMatches('t.name'));
        params.push(match);
      }
      const equal = (column: string, value: string | undefined) => {
        if (!value) return;
        where.push(`${column} = ?`);
        params.push(value);
      };
      equal('t.status', q.status);
      equal('t.user_id', q.userId);
      equal('u.department_id', q.departmentId);
      equal("t.json ->> '$.outcome'", q.outcome);
      equal("t.json ->> '$.typeId'", q.typeId);
      equal("t.json ->> '$.categoryId'", q.categoryId);
      equal("t.json ->> '$.providerId'", q.providerId);
      if (q.expiry) {
        const { now, soon } = expiryWindow(ctx.now().getTime());
        // As expiryState: a cancelled or failed training holds no certificate, whatever its date.
        const held = "t.status != 'CANCELLED' AND t.json ->> '$.outcome' != 'FAILED'";
        const condition = {
          none: `(t.expiry_date IS NULL OR NOT (${held}))`,
          expired: `t.expiry_date < ? AND ${held}`,
          expiring: `t.expiry_date >= ? AND t.expiry_date < ? AND ${held}`,
          valid: `t.expiry_date >= ? AND ${held}`,
        }[q.expiry];
        where.push(condition);
        params.push(...({ none: [], expired: [now], expiring: [now, soon], valid: [soon] } as const)[q.expiry]);
      }
      const direction = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
      const orderBy =
        q.sortBy === 'person'
          ? `u.last_name IS NULL, u.last_name ${direction}, u.first_name ${direction}, t.name, t.id`
          : `t.${TRAINING_SORT_COLUMNS[q.sortBy ?? 'name']} IS NULL, t.${TRAINING_SORT_COLUMNS[q.sortBy ?? 'name']} ${direction}, t.id`;
      // Whose each training is, from the people the cache holds (a colleague out of reach: none).
      return cachePage<ListedTraining>(db, {
        from: `FROM trainings AS t LEFT JOIN users AS u ON u.id = t.user_id
          LEFT JOIN departments AS d ON d.id = u.department_id WHERE ${where.join(' AND ')}`,
        json: `json_set(t.json, '$.person', json(CASE WHEN u.id IS NULL THEN NULL
          ELSE json_object('name', u.first_name || ' ' || u.last_name, 'department', d.name) END))`,
        key: 't.rowid',
        params,
        orderBy,
        page: q.page,
        pageSize: q.pageSize,
      });
    },

    'trainings.expiring': async () => {
      const { db } = requireAccount(ctx);
      // Only what has an expiry date can expire, or renew what expires (trainings_expiry).
      const rows = prepared(
        db,
        `SELECT t.json AS json, u.first_name || ' ' || u.last_name AS person, d.name AS department
         FROM trainings AS t LEFT JOIN users AS u ON u.id = t.user_id LEFT JOIN departments AS d ON d.id = u.department_id
         WHERE t.expiry_date IS NOT NULL AND t.json IS NOT NULL`,
      ).all() as { json: string; person: string | null; department: string | null }[];
      const groups = expiringGroups(
        rows.map((r) => ({
          ...(JSON.parse(r.json) as Training),
          person: r.person ?? 'Someone',
          department: r.department,
        })),
        ctx.now().getTime(),
      );
      return {
        groups,
        expiring: groups.reduce((n, g) => n + g.expiring.length, 0),
        lapsed: groups.reduce((n, g) => n + g.lapsed.length, 0),
      };
    },

    'trainings.record': async ({ userId }) => {
      const { db } = requireAccount(ctx);
      const person = prepared(
        db,
        `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email, d.name AS department
         FROM users AS u LEFT JOIN departments AS d ON d.id = u.department_id WHERE u.id = ?`,
      ).get(userId) as TrainingRecord['person'] | undefined;
      if (!person) return null;
      const trainings = (
        prepared(db, 'SELECT json FROM trainings WHERE user_id = ? AND json IS NOT NULL').all(userId) as {
          json: string;
        }[]
      ).map((r) => JSON.parse(r.json) as Training);
      return trainingRecord(person, trainings, ctx.now().getTime());
    },

    'trainings.get': async ({ id: asked }) => {
      const { db } = requireAccount(ctx);
      return readEffective(db, 'trainings', currentId(db, asked));
    },

    'trainings.references': async () => {
      const rows = requireAccount(ctx)
        .db.prepare('SELECT kind, id, name FROM training_refs ORDER BY name, id')
        .all() as (ReferenceItem & { kind: string })[];
      const of = (kind: string) => rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
      return { categories: of('category'), providers: of('provider'), types: of('type') };
    },

    'trainings.create': async (input) => {
      const fields = checkInput(trainingCreateSchema, input);
      return queueChange(ctx, ['trainings'], {
        kind: 'training.create',
        id: 'new',
        payload: fields,
        guard: (account) => {
          requireNoIssues(unknownReferences(account.db, fields));
          requireMayRecordFor(account, fields.userId);
        },
      })!;
    },

    'trainings.update': async ({ id: asked, changes }) => {
      const fields = checkInput(trainingUpdateSchema, changes);
      return queueChange(ctx, ['trainings'], {
        kind: 'training.update',
        id: asked,
        payload: fields,
        guard: (account, id) => {
          const current = existing(account, id);
          // As the service judges it: the record with the changes applied, dates as instants.
          const next = withTrainingChanges(current, fields, ctx.now().toISOString());
          requireNoIssues([
            ...trainingDateIssues(next),
            ...trainingTimingIssues(current, next, utcToday(ctx.now())),
            ...unknownReferences(account.db, fields),
          ]);
        },
      })!;
    },

    'trainings.setStatus': async ({ id: asked, ...patch }) => {
      const fields = checkInput(trainingPatchSchema, patch);
      return queueChange(ctx, ['trainings'], {
        kind: 'training.patch',
        id: asked,
        payload: fields,
        guard: (account, id) => {
          const move = checkTrainingMove(existing(account, id), fields, utcToday(ctx.now()));
          if (!move.ok) refuse([move.issue], move.conflict ? 'CONFLICT' : 'INVALID_INPUT');
        },
      })!;
    },

    'trainings.delete': async ({ id: asked }) => {
      queueChange(ctx, ['trainings'], { kind: 'training.delete', id: asked, payload: {}, guard: existing });
      return null;
    },
  };
}

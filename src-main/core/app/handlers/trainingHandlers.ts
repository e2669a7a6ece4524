import {
  trainingCreateSchema,
  trainingPatchSchema,
  trainingUpdateSchema,
  type ReferenceItem,
  type Training,
  type TrainingSortField,
} from '../../../../src-shared/wire';
import type { TrainingQuery } from '../../../../src-shared/appApi';
import { expiryWindow } from '../../../../src-shared/records/trainingExpiry';
import { currentId, readEffective } from '../../cache/entities';
import { AppFailure, checkInput, requireNoIssues } from '../appError';
import { referenceIssues, trainingDateIssues, type ReferenceKind } from '../../../../src-shared/rules';
import type { CacheDb } from '../../cache/openCache';
import { prepared } from '../../cache/statements';
import { requireAccount, type BackendContext, type OpenAccount } from '../openAccount';
import { queueChange } from '../queueChange';
import { cachePage } from './cachePage';
import type { HandlerMap } from './handlerMap';
import type { TrainingsCalls } from '../../../../src-shared/appApi';

const SORT: Record<TrainingSortField, string> = {
  name: 'name',
  startDate: 'start_date',
  endDate: 'end_date',
  expiryDate: 'expiry_date',
  createdAt: 'created_at',
  cost: 'cost',
  hours: 'hours',
};

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
      const where = ['json IS NOT NULL'];
      const params: unknown[] = [];
      const match = q.search ? ftsQuery(q.search) : null;
      if (match) {
        where.push('rowid IN (SELECT rowid FROM trainings_fts WHERE trainings_fts MATCH ?)');
        params.push(match);
      }
      if (q.status) {
        where.push('status = ?');
        params.push(q.status);
      }
      if (q.userId) {
        where.push('user_id = ?');
        params.push(q.userId);
      }
      if (q.expiry) {
        const { now, soon } = expiryWindow(ctx.now().getTime());
        const condition = {
          none: 'expiry_date IS NULL',
          expired: 'expiry_date < ?',
          expiring: 'expiry_date >= ? AND expiry_date <= ?',
          valid: 'expiry_date > ?',
        }[q.expiry];
        where.push(condition);
        params.push(...({ none: [], expired: [now], expiring: [now, soon], valid: [soon] } as const)[q.expiry]);
      }
      const column = SORT[q.sortBy ?? 'name'];
      const direction = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
      return cachePage<Training>(db, {
        from: `FROM trainings WHERE ${where.join(' AND ')}`,
        params,
        orderBy: `${column} IS NULL, ${column} ${direction}, id`,
        page: q.page,
        pageSize: q.pageSize,
      });
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
        guard: (account) => requireNoIssues(unknownReferences(account.db, fields)),
      })!;
    },

    'trainings.update': async ({ id: asked, changes }) => {
      const fields = checkInput(trainingUpdateSchema, changes);
      return queueChange(ctx, ['trainings'], {
        kind: 'training.update',
        id: asked,
        payload: fields,
        guard: (account, id) =>
          requireNoIssues([
            ...trainingDateIssues({ ...existing(account, id), ...fields }),
            ...unknownReferences(account.db, fields),
          ]),
      })!;
    },

    'trainings.setStatus': async ({ id: asked, ...patch }) => {
      const fields = checkInput(trainingPatchSchema, patch);
      return queueChange(ctx, ['trainings'], { kind: 'training.patch', id: asked, payload: fields, guard: existing })!;
    },

    'trainings.delete': async ({ id: asked }) => {
      queueChange(ctx, ['trainings'], { kind: 'training.delete', id: asked, payload: {}, guard: existing });
      return null;
    },
  };
}

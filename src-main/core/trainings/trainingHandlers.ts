import { defineMessages } from '@formatjs/intl';
import { trainingPatchSchema, type Training } from '@shared/wire';
import type { TrainingQuery } from '@shared/appApi';
import { trainingRecord } from '@shared/records/trainingRecord';
import { withTrainingChanges } from '@shared/records/trainingChanges';
import { utcToday } from '@shared/calendar/dates';
import { expiringGroups } from '@shared/records/trainingExpiry';
import { speak } from '../api/language';
import { currentId, readEffective } from '../cache/entities';
import { AppFailure, checkInput, refuse, requireNoIssues } from '../app/appError';
import {
  checkTrainingMove,
  referenceIssues,
  trainingDateIssues,
  trainingTimingIssues,
  notYourTrainingPersonIssue,
  type ReferenceKind,
  trainingCreateSchema,
  trainingUpdateSchema,
} from '@shared/rules';
import type { CacheDb } from '../cache/openCache';
import {
  managerOf,
  recordPerson,
  referenceLookup,
  trainingReferences,
  trainingsOf,
  trainingsPage,
  trainingsWithExpiry,
} from './trainingStore';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import type { HandlerMap } from '../app/handlerMap';
import type { TrainingsCalls } from '@shared/appApi';

// The handlers' refusals, and the name of a person the cache does not know, in the page's language.
const REFUSALS = defineMessages({
  gone: { id: 'core.trainings.gone', defaultMessage: 'This training no longer exists' },
  someone: { id: 'core.trainings.someone', defaultMessage: 'Someone' },
});

/**
 * Reference ids the cache knows to be wrong. A kind with no entry cached yet (first sync not done)
 * cannot be checked here; the service checks it.
 */
function unknownReferences(db: CacheDb, t: { typeId?: string; categoryId?: string; providerId?: string | null }) {
  const known = (kind: ReferenceKind, id: string) => {
    const { held, found } = referenceLookup(db, kind, id);
    return held === 0 || found;
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
  if (account.role === 'MANAGER' && managerOf(account.db, userId) === account.summary.userId) return;
  refuse([notYourTrainingPersonIssue()], 'INVALID_INPUT');
}

export function trainingHandlers(ctx: BackendContext): HandlerMap<TrainingsCalls> {
  const existing = (account: OpenAccount, id: string): Training => {
    const training = readEffective(account.db, 'trainings', id);
    if (!training) throw new AppFailure('NOT_FOUND', speak(REFUSALS.gone));
    return training;
  };

  return {
    'trainings.list': async (q: TrainingQuery) => trainingsPage(requireAccount(ctx).db, q, ctx.now().getTime()),

    'trainings.expiring': async ({ shown, whole = [] } = {}) => {
      const { db } = requireAccount(ctx);
      const groups = expiringGroups(trainingsWithExpiry(db, speak(REFUSALS.someone)), ctx.now().getTime());
      return {
        groups: groups.map((g) => {
          const cut = shown !== undefined && !whole.includes(g.department);
          return {
            department: g.department,
            expiring: cut ? g.expiring.slice(0, shown) : g.expiring,
            lapsed: cut ? g.lapsed.slice(0, shown) : g.lapsed,
            expiringCount: g.expiring.length,
            lapsedCount: g.lapsed.length,
          };
        }),
        expiring: groups.reduce((n, g) => n + g.expiring.length, 0),
        lapsed: groups.reduce((n, g) => n + g.lapsed.length, 0),
      };
    },

    'trainings.record': async ({ userId }) => {
      const { db } = requireAccount(ctx);
      const person = recordPerson(db, userId);
      if (!person) return null;
      return trainingRecord(person, trainingsOf(db, userId), ctx.now().getTime());
    },

    'trainings.get': async ({ id: asked }) => {
      const { db } = requireAccount(ctx);
      return readEffective(db, 'trainings', currentId(db, asked));
    },

    'trainings.references': async () => {
      const rows = trainingReferences(requireAccount(ctx).db);
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

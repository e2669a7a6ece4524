import { defineMessages } from '@formatjs/intl';
import type { Conflict } from '@shared/appApi';
import { speak } from '../api/language';
import { readBase, writeRow } from '../cache/entities';
import {
  conflictOperations,
  dropOperation,
  findOperation,
  rebase,
  sendAgain,
  unsentOperations,
  waitingIds,
} from './outboxStore';
import { conflictChoices, describeConflict, describeUnsent } from './conflictWords';
import { AppFailure } from '../app/appError';
import { localChange, requireAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';
import type { SyncCalls } from '@shared/appApi';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  sayOffline: { id: 'core.sync.sayOffline', defaultMessage: 'Say whether to work offline' },
  resolved: { id: 'core.sync.resolved', defaultMessage: 'This conflict is already resolved' },
  wayOut: { id: 'core.sync.wayOut', defaultMessage: 'This way out cannot work for this change' },
});

export function syncHandlers(ctx: BackendContext): HandlerMap<SyncCalls> {
  return {
    'sync.status': async () => requireAccount(ctx).engine.status,
    'sync.now': async () => requireAccount(ctx).engine.syncNow({ retryNow: true }),
    'sync.workOffline': async ({ on }) => {
      if (typeof on !== 'boolean') throw new AppFailure('INVALID_INPUT', speak(REFUSALS.sayOffline));
      ctx.offline.set(on);
      ctx.account?.engine.workOfflineChanged();
      return ctx.account?.engine.status ?? null;
    },

    'sync.waiting': async () => waitingIds(requireAccount(ctx).db),

    'sync.unsent': async () => {
      const account = requireAccount(ctx);
      return unsentOperations(account.db).map((op) => describeUnsent(account.db, op, account.summary.userId));
    },

    'conflicts.list': async (): Promise<Conflict[]> => {
      const account = requireAccount(ctx);
      return conflictOperations(account.db).map((op) => describeConflict(account.db, op, account.summary.userId));
    },

    /**
     * retry: send again (with edited data if given) against the service's current version, under a
     * new Idempotency-Key; keepTheirs: drop mine and take the service's record; discard: drop mine.
     */
    'conflicts.resolve': async ({ id, resolution }) => {
      localChange(
        ctx,
        ['trainings', 'leave', 'notifications', 'forms', 'assignedForms', 'users', 'references'],
        (account) => {
          const { db } = account;
          const op = findOperation(db, id);
          if (!op || op.state !== 'conflict') throw new AppFailure('NOT_FOUND', speak(REFUSALS.resolved));
          const offered = conflictChoices(op);
          const asked = resolution.action === 'retry' && resolution.payload !== undefined ? 'edit' : resolution.action;
          if (!offered.includes(asked)) throw new AppFailure('CONFLICT', speak(REFUSALS.wayOut));
          const theirs = op.conflict?.theirs as { version?: number; id?: string } | null;
          if (resolution.action === 'retry') {
            const payload =
              resolution.payload === undefined
                ? op.payload
                : { ...(op.payload as object), ...(resolution.payload as object) };
            sendAgain(db, op.seq, payload, typeof theirs?.version === 'number' ? theirs.version : op.baseVersion);
          } else {
            dropOperation(db, op.seq);
            if (resolution.action === 'keepTheirs' && theirs && op.entityId && theirs.id === op.entityId) {
              writeRow(db, op.entity, op.entityId, null, theirs as never);
            } else if (op.entityId && !readBase(db, op.entity, op.entityId)) {
              writeRow(db, op.entity, op.entityId, null, null);
            }
          }
          if (op.entityId) rebase(db, op.entity, op.entityId, account.actor);
        },
      );
      return null;
    },
  };
}

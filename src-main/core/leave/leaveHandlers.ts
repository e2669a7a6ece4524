import { defineMessages } from '@formatjs/intl';
import { dateOnly, utcToday } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { countLeaveDays } from '@shared/holidays/workingDays';
import { leaveDateIssues, spanOf } from '@shared/holidays/leaveDays';
import {
  blockedIssueOf,
  halfDayIssues,
  issueWords,
  notPendingRef,
  overlapIssue,
  rangeIssues,
  leaveCreateSchema,
} from '@shared/rules';
import { leaveStatusUpdateSchema, type Leave, type LeaveCreate, type LeaveStatusUpdate } from '@shared/wire';
import type { LeaveQuery } from '@shared/appApi';
import { pageWords, requestLanguage, sayRef, speak } from '../api/language';
import { currentId, readEffective } from '../cache/entities';
import { AppFailure, checkInput, refuse, requireNoIssues } from '../app/appError';
import { localChange, requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange, queueIn } from '../app/queueChange';
import {
  awayBeside,
  managerOf,
  myLeavePage,
  ownClash,
  pendingAll,
  teamLeavePage,
  upcomingPage,
  yearTotals,
  type Viewer,
} from './leaveStore';
import type { HandlerMap } from '../app/handlerMap';
import { checkFloor, previewBalance, remainingAround } from './balanceHandlers';
import { readPolicy } from './balanceStore';
import type { LeaveCalls } from '@shared/appApi';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  gone: { id: 'core.leave.gone', defaultMessage: 'This request no longer exists' },
  ownRequest: { id: 'core.leave.ownRequest', defaultMessage: 'You cannot decide your own request' },
  notTheirManager: {
    id: 'core.leave.notTheirManager',
    defaultMessage: "Only this person's manager or an admin can decide",
  },
  notTheAsker: { id: 'core.leave.notTheAsker', defaultMessage: 'Only the person who asked may change this request' },
  teamLeave: { id: 'core.leave.teamLeave', defaultMessage: 'Team leave is for managers and admins' },
});

/** The account as the leave store reads for it. */
const viewerOf = (account: OpenAccount): Viewer => ({
  db: account.db,
  role: account.role,
  userId: account.summary.userId,
});

/** The rulebook's checks of the service, on the cache: a mistake shows at once rather than as a conflict later. */
function checkRequest(account: OpenAccount, fields: LeaveCreate, exceptId: string | null, now: Date) {
  const { nationality, week } = account.actor;
  requireNoIssues(leaveDateIssues(fields, nationality, week));
  const blocked = blockedIssueOf(fields, fields.type, readPolicy(account.db));
  if (blocked) requireNoIssues([blocked]);
  const span = spanOf(fields);
  const clash = ownClash(viewerOf(account), fields, exceptId);
  if (clash) refuse([overlapIssue(clash)], 'CONFLICT');
  const request = {
    id: exceptId ?? 'new',
    type: fields.type,
    status: 'PENDING' as const,
    startDate: span.start,
    endDate: span.end,
    startPart: span.startPart,
    endPart: span.endPart,
    days: countLeaveDays(span, nationality, week),
  };
  checkFloor(account, account.summary.userId, request, now);
}

/** A decision on one request, checked as the service would and queued as its own change. */
function decide(account: OpenAccount, asked: string, decision: LeaveStatusUpdate, at: string): Leave {
  const payload = {
    status: decision.status,
    ...(decision.comment?.trim() ? { comment: decision.comment.trim() } : {}),
  };
  const guard = (account: OpenAccount, id: string) => {
    const leave = readEffective(account.db, 'leave', id);
    if (!leave) throw new AppFailure('NOT_FOUND', speak(REFUSALS.gone));
    if (leave.userId === account.summary.userId) {
      throw new AppFailure('FORBIDDEN', speak(REFUSALS.ownRequest));
    }
    const mayDecide =
      account.role === 'ADMIN' ||
      (account.role === 'MANAGER' && managerOf(account.db, leave.userId) === account.summary.userId);
    if (!mayDecide) throw new AppFailure('FORBIDDEN', speak(REFUSALS.notTheirManager));
    const notPending = notPendingRef(leave.status, 'decided');
    if (notPending) throw new AppFailure('CONFLICT', sayRef(notPending));
    if (decision.status === 'APPROVED')
      checkFloor(account, leave.userId, { ...leave, status: 'APPROVED' }, new Date(at));
  };
  return queueIn(account, { kind: 'leave.decide', id: asked, payload, guard }, at)!;
}

export function leaveHandlers(ctx: BackendContext): HandlerMap<LeaveCalls> {
  const own = (account: OpenAccount, id: string, action: 'changed' | 'withdrawn'): Leave => {
    const leave = readEffective(account.db, 'leave', id);
    if (!leave) throw new AppFailure('NOT_FOUND', speak(REFUSALS.gone));
    if (leave.userId !== account.summary.userId) throw new AppFailure('FORBIDDEN', speak(REFUSALS.notTheAsker));
    const notPending = notPendingRef(leave.status, action);
    if (notPending) throw new AppFailure('CONFLICT', sayRef(notPending));
    return leave;
  };
  const at = () => ctx.now().toISOString();

  return {
    'leave.mine': async (q: LeaveQuery) => {
      const account = requireAccount(ctx);
      return myLeavePage(account.db, account.summary.userId, q);
    },

    'leave.totals': async ({ year }) => {
      const account = requireAccount(ctx);
      return yearTotals(account.db, account.summary.userId, year);
    },

    'leave.context': async ({ id: asked }) => {
      const account = requireAccount(ctx);
      const { db } = account;
      const leave = readEffective(db, 'leave', currentId(db, asked));
      if (!leave) return null;
      const start = dateOnly(leave.startDate);
      const { alsoAway, perDay } = awayBeside(db, leave.userId, start, dateOnly(leave.endDate), leave.id);
      const byType = new Map<Leave['type'], number>();
      for (const t of yearTotals(db, leave.userId, Number(start.slice(0, 4)))) {
        byType.set(t.type, (byType.get(t.type) ?? 0) + t.days);
      }
      const year = [...byType].map(([type, days]) => ({ type, days })).sort((a, b) => b.days - a.days);
      return { alsoAway, perDay, year, balance: remainingAround(account, leave.userId, leave, ctx.now()) };
    },

    'leave.balanceAround': async ({ ids }) => {
      const account = requireAccount(ctx);
      const { db } = account;
      const out: Record<string, { before: number; after: number; refused: boolean }> = {};
      const kept = new Map();
      db.transaction(() => {
        for (const asked of ids.slice(0, 500)) {
          const leave = readEffective(db, 'leave', currentId(db, asked));
          const around = leave && remainingAround(account, leave.userId, leave, ctx.now(), kept);
          if (around) out[asked] = around;
        }
      })();
      return out;
    },

    'leave.alsoAway': async ({ ids }) => {
      const { db } = requireAccount(ctx);
      const out: Record<string, string[]> = {};
      db.transaction(() => {
        for (const asked of ids.slice(0, 500)) {
          const leave = readEffective(db, 'leave', currentId(db, asked));
          if (!leave) continue;
          const { alsoAway } = awayBeside(
            db,
            leave.userId,
            dateOnly(leave.startDate),
            dateOnly(leave.endDate),
            leave.id,
          );
          out[asked] = [...new Set(alsoAway.map((a) => a.name))];
        }
      })();
      return out;
    },

    'leave.preview': async ({ startDate, endDate, startPart, endPart, exceptId, type }) => {
      const account = requireAccount(ctx);
      if (![startDate, endDate].every((d) => /^\d{4}-\d{2}-\d{2}/.test(d))) return null;
      const dates = { startDate, endDate, startPart, endPart };
      if (rangeIssues(dates).length || halfDayIssues(dates).length) return null;
      const span = spanOf(dates);
      const { start, end } = span;
      const except = exceptId ? currentId(account.db, exceptId) : null;
      const clash = ownClash(viewerOf(account), dates, except);
      const { nationality, week } = account.actor;
      const workingDays = countLeaveDays(span, nationality, week);
      const request = {
        id: except ?? 'new',
        type: type ?? 'ANNUAL',
        status: 'PENDING' as const,
        startDate: start,
        endDate: end,
        startPart: span.startPart,
        endPart: span.endPart,
        days: workingDays,
      };
      const blocked = blockedIssueOf(dates, type ?? 'ANNUAL', readPolicy(account.db));
      return {
        overlap: clash ? issueWords(pageWords(), overlapIssue(clash)) : null,
        blocked: blocked ? issueWords(pageWords(), blocked) : null,
        workingDays,
        holidays: publicHolidaysBetween(nationality, start, end, requestLanguage()),
        balance: type ? previewBalance(account, request, ctx.now()) : null,
        ...awayBeside(account.db, account.summary.userId, start, end, except),
      };
    },

    'leave.team': async (q: LeaveQuery) => {
      const account = requireAccount(ctx);
      if (account.role === 'USER') throw new AppFailure('FORBIDDEN', speak(REFUSALS.teamLeave));
      return teamLeavePage(viewerOf(account), q);
    },

    'leave.pendingApprovals': async (q) => pendingAll(viewerOf(requireAccount(ctx)), q),

    'leave.upcoming': async (q) => upcomingPage(viewerOf(requireAccount(ctx)), utcToday(ctx.now()), q),

    'leave.get': async ({ id: asked }) => {
      const { db } = requireAccount(ctx);
      return readEffective(db, 'leave', currentId(db, asked));
    },

    'leave.create': async (input) => {
      const fields = checkInput(leaveCreateSchema, input);
      return queueChange(ctx, ['leave', 'calendar'], {
        kind: 'leave.create',
        id: 'new',
        payload: fields,
        guard: (account) => checkRequest(account, fields, null, ctx.now()),
      })!;
    },

    'leave.update': async ({ id: asked, changes }) => {
      const fields = checkInput(leaveCreateSchema, changes);
      return queueChange(ctx, ['leave', 'calendar'], {
        kind: 'leave.update',
        id: asked,
        payload: fields,
        guard: (account, id) => {
          own(account, id, 'changed');
          checkRequest(account, fields, id, ctx.now());
        },
      })!;
    },

    'leave.delete': async ({ id: asked }) => {
      queueChange(ctx, ['leave', 'calendar'], {
        kind: 'leave.delete',
        id: asked,
        payload: {},
        guard: (account, id) => own(account, id, 'withdrawn'),
      });
      return null;
    },

    'leave.setStatus': async ({ id: asked, ...input }) => {
      const decision = checkInput(leaveStatusUpdateSchema, input);
      return localChange(ctx, ['leave', 'calendar'], (account) => decide(account, asked, decision, at()));
    },

    'leave.decideMany': async ({ ids, ...input }) => {
      const decision = checkInput(leaveStatusUpdateSchema, input);
      // One transaction for all, each its own change: one refused leaves the others decided.
      return localChange(ctx, ['leave', 'calendar'], (account) => {
        const result: { decided: string[]; refused: { id: string; message: string }[] } = { decided: [], refused: [] };
        for (const id of ids) {
          try {
            decide(account, id, decision, at());
            result.decided.push(id);
          } catch (error) {
            if (!(error instanceof AppFailure)) throw error;
            result.refused.push({ id, message: error.message });
          }
        }
        return result;
      });
    },
  };
}

import { addDays, dateOnly, dateToDateTime, isWeekend, utcToday } from '../../../../src-shared/calendar/dates';
import { publicHolidaysBetween } from '../../../../src-shared/calendar/publicHolidays';
import { countWorkingDays } from '../../../../src-shared/calendar/workingDays';
import { leaveDateIssues } from '../../../../src-shared/rules/leaveDays';
import {
  notPendingMessage,
  overlapIssue,
  rangeIssues,
  type OwnLeave,
  leaveCreateSchema,
} from '../../../../src-shared/rules';
import {
  leaveStatusUpdateSchema,
  type Leave,
  type LeaveCreate,
  type LeaveStatusUpdate,
} from '../../../../src-shared/wire';
import type { LeaveContext, LeaveQuery } from '../../../../src-shared/appApi';
import { currentId, readEffective } from '../../cache/entities';
import type { CacheDb } from '../../cache/openCache';
import { prepared } from '../../cache/statements';
import { AppFailure, checkInput, refuse, requireNoIssues } from '../appError';
import { localChange, requireAccount, type BackendContext, type OpenAccount } from '../openAccount';
import { queueChange, queueIn } from '../queueChange';
import { cachePage } from './cachePage';
import type { HandlerMap } from './handlerMap';
import type { LeaveCalls } from '../../../../src-shared/appApi';

/** Leave of the people whose requests the account sees in full: its reports, or everyone for an admin. */
function teamCondition(account: OpenAccount): { sql: string; params: unknown[] } {
  if (account.role === 'ADMIN') return { sql: '1 = 1', params: [] };
  if (account.role === 'MANAGER') {
    return { sql: 'user_id IN (SELECT id FROM users WHERE manager_id = ?)', params: [account.summary.userId] };
  }
  return { sql: '0 = 1', params: [] };
}

/** The narrowing a list of leave may ask for: status, person, department, type. */
function leaveFilters(q: Pick<LeaveQuery, 'status' | 'userId' | 'departmentId' | 'type'>): {
  sql: string;
  params: unknown[];
} {
  let sql = '';
  const params: unknown[] = [];
  if (q.status) {
    sql += ' AND status = ?';
    params.push(q.status);
  }
  if (q.userId) {
    sql += ' AND user_id = ?';
    params.push(q.userId);
  }
  if (q.departmentId) {
    sql += ' AND user_id IN (SELECT id FROM users WHERE department_id = ?)';
    params.push(q.departmentId);
  }
  if (q.type) {
    sql += ' AND type = ?';
    params.push(q.type);
  }
  return { sql, params };
}

/** A person's approved and pending working days of leave starting in a year, by type and status. */
function yearTotals(db: CacheDb, userId: string, year: number) {
  return prepared(
    db,
    `SELECT type, status, SUM(json_extract(json, '$.days')) AS days FROM leave
     WHERE json IS NOT NULL AND user_id = ? AND status IN ('APPROVED', 'PENDING') AND start_date >= ? AND start_date < ?
     GROUP BY type, status ORDER BY type, status`,
  ).all(userId, `${year}-01-01`, `${year + 1}-01-01`) as {
    type: Leave['type'];
    status: Leave['status'];
    days: number;
  }[];
}

/** The caller's own approved or pending leave overlapping some dates, but the one being changed. */
function ownClash(account: OpenAccount, start: string, end: string, exceptId: string | null): OwnLeave | undefined {
  return prepared(
    account.db,
    `SELECT start_date AS startDate, end_date AS endDate, status FROM leave
       WHERE user_id = ? AND status IN ('PENDING', 'APPROVED') AND json IS NOT NULL
         AND start_date <= ? AND end_date >= ? AND id IS NOT ? LIMIT 1`,
  ).get(account.summary.userId, dateToDateTime(end), dateToDateTime(start), exceptId) as OwnLeave | undefined;
}

/**
 * Who of a person's department is away on some dates (approved or pending): the leave the account
 * holds in full, and for the rest what the service's calendar showed. With the count each working day.
 */
function awayBeside(db: CacheDb, userId: string, start: string, end: string, exceptId: string | null) {
  // Driven from the leave that ends on or after the first day (leave_end_start): requests waiting
  // for a decision lie ahead, where little leave ends; then narrowed to the department. The CROSS
  // JOINs fix that order and the unary + keep the other indexes out (an index named outright
  // would fail while a first sync has them dropped).
  const alsoAway = prepared(
    db,
    `SELECT o.start_date AS startDate, o.end_date AS endDate, o.status, u.first_name || ' ' || u.last_name AS name
       FROM leave AS o CROSS JOIN users AS u ON u.id = o.user_id
       WHERE o.json IS NOT NULL AND o.end_date >= :start AND +o.start_date <= :end
         AND +o.status IN ('APPROVED', 'PENDING')
         AND +u.department_id IS (SELECT department_id FROM users WHERE id = :user) AND o.user_id != :user
         AND o.id IS NOT :except
     UNION ALL
     SELECT c.start_date, c.end_date, c.json ->> '$.status', p.first_name || ' ' || p.last_name
       FROM calendar_leave AS c CROSS JOIN calendar_users AS p ON p.id = c.user_id
       WHERE c.end_date >= :start AND +c.start_date <= :end
         AND +p.department_id IS (SELECT department_id FROM calendar_users WHERE id = :user) AND c.user_id != :user
         AND c.id IS NOT :except AND NOT EXISTS (SELECT 1 FROM leave WHERE leave.id = c.id)
     ORDER BY startDate, name`,
  ).all({
    user: userId,
    except: exceptId,
    start: dateToDateTime(start),
    end: dateToDateTime(end),
  }) as LeaveContext['alsoAway'];
  const perDay: LeaveContext['perDay'] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (isWeekend(day)) continue;
    const away = alsoAway.filter((o) => dateOnly(o.startDate) <= day && dateOnly(o.endDate) >= day).length;
    perDay.push({ date: day, away });
  }
  return { alsoAway, perDay };
}

/** The rulebook's checks of the service, on the cache: a mistake shows at once rather than as a conflict later. */
function checkRequest(account: OpenAccount, fields: LeaveCreate, exceptId: string | null) {
  requireNoIssues(leaveDateIssues(fields, account.actor.nationality));
  const clash = ownClash(account, dateOnly(fields.startDate), dateOnly(fields.endDate), exceptId);
  if (clash) refuse([overlapIssue(clash)], 'CONFLICT');
}

/** A decision on one request, checked as the service would and queued as its own change. */
function decide(account: OpenAccount, asked: string, decision: LeaveStatusUpdate, at: string): Leave {
  const payload = {
    status: decision.status,
    ...(decision.comment?.trim() ? { comment: decision.comment.trim() } : {}),
  };
  const guard = (account: OpenAccount, id: string) => {
    const leave = readEffective(account.db, 'leave', id);
    if (!leave) throw new AppFailure('NOT_FOUND', 'This request no longer exists');
    if (leave.userId === account.summary.userId) {
      throw new AppFailure('FORBIDDEN', 'You cannot decide your own request');
    }
    const owner = prepared(account.db, 'SELECT manager_id FROM users WHERE id = ?').get(leave.userId) as
      { manager_id: string | null } | undefined;
    const mayDecide =
      account.role === 'ADMIN' || (account.role === 'MANAGER' && owner?.manager_id === account.summary.userId);
    if (!mayDecide) throw new AppFailure('FORBIDDEN', "Only this person's manager or an admin can decide");
    const notPending = notPendingMessage(leave.status, 'decided');
    if (notPending) throw new AppFailure('CONFLICT', notPending);
  };
  return queueIn(account, { kind: 'leave.decide', id: asked, payload, guard }, at)!;
}

export function leaveHandlers(ctx: BackendContext): HandlerMap<LeaveCalls> {
  const own = (account: OpenAccount, id: string, action: 'changed' | 'withdrawn'): Leave => {
    const leave = readEffective(account.db, 'leave', id);
    if (!leave) throw new AppFailure('NOT_FOUND', 'This request no longer exists');
    if (leave.userId !== account.summary.userId)
      throw new AppFailure('FORBIDDEN', 'Only the person who asked may change this request');
    const notPending = notPendingMessage(leave.status, action);
    if (notPending) throw new AppFailure('CONFLICT', notPending);
    return leave;
  };
  const at = () => ctx.now().toISOString();

  return {
    'leave.mine': async (q: LeaveQuery) => {
      const account = requireAccount(ctx);
      const params: unknown[] = [account.summary.userId];
      let where = 'json IS NOT NULL AND user_id = ?';
      if (q.status) {
        where += ' AND status = ?';
        params.push(q.status);
      }
      if (q.year) {
        where += ' AND start_date >= ? AND start_date < ?';
        params.push(`${q.year}-01-01`, `${q.year + 1}-01-01`);
      }
      return cachePage<Leave>(account.db, {
        from: `FROM leave WHERE ${where}`,
        params,
        orderBy: 'start_date DESC, id',
        ...q,
      });
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
      return { alsoAway, perDay, year };
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

    'leave.preview': async ({ startDate, endDate, exceptId }) => {
      const account = requireAccount(ctx);
      if (![startDate, endDate].every((d) => /^\d{4}-\d{2}-\d{2}/.test(d))) return null;
      const start = dateOnly(startDate);
      const end = dateOnly(endDate);
      if (rangeIssues({ startDate: start, endDate: end }).length) return null;
      const except = exceptId ? currentId(account.db, exceptId) : null;
      const clash = ownClash(account, start, end, except);
      const nationality = account.actor.nationality;
      return {
        overlap: clash ? overlapIssue(clash).message : null,
        workingDays: countWorkingDays(start, end, nationality),
        holidays: publicHolidaysBetween(nationality, start, end),
        ...awayBeside(account.db, account.summary.userId, start, end, except),
      };
    },

    'leave.team': async (q: LeaveQuery) => {
      const account = requireAccount(ctx);
      if (account.role === 'USER') throw new AppFailure('FORBIDDEN', 'Team leave is for managers and admins');
      const team = teamCondition(account);
      const filters = leaveFilters(q);
      let where = `json IS NOT NULL AND ${team.sql}${filters.sql}`;
      // The + keeps the status index out: the history is read latest first along leave_reviewed.
      if (q.decided) where += " AND +status IN ('APPROVED', 'REJECTED')";
      return cachePage<Leave>(account.db, {
        from: `FROM leave WHERE ${where}`,
        params: [...team.params, ...filters.params],
        // Decisions latest first (the index on the decision's time); else by dates.
        orderBy: q.decided
          ? "json ->> '$.reviewedAt' DESC, id DESC"
          : q.newestFirst
            ? 'start_date DESC, id DESC'
            : 'start_date, id',
        ...q,
      });
    },

    'leave.pendingApprovals': async (q) => {
      const account = requireAccount(ctx);
      const team = teamCondition(account);
      const filters = leaveFilters(q);
      return cachePage<Leave>(account.db, {
        from: `FROM leave WHERE json IS NOT NULL AND status = 'PENDING' AND user_id != ? AND ${team.sql}${filters.sql}`,
        params: [account.summary.userId, ...team.params, ...filters.params],
        orderBy: 'start_date, id',
        ...q,
      });
    },

    'leave.upcoming': async (q) => {
      const account = requireAccount(ctx);
      const team = teamCondition(account);
      return cachePage<Leave>(account.db, {
        from: `FROM leave WHERE json IS NOT NULL AND status = 'APPROVED' AND end_date >= ? AND (user_id = ? OR ${team.sql})`,
        params: [`${utcToday(ctx.now())}T00:00:00.000Z`, account.summary.userId, ...team.params],
        orderBy: 'start_date, id',
        ...q,
      });
    },

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
        guard: (account) => checkRequest(account, fields, null),
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
          checkRequest(account, fields, id);
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

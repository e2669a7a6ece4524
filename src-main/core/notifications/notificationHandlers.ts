import type { Notification } from '@shared/wire';
import type { NotificationTarget } from '@shared/appApi';
import { dateOnly } from '@shared/calendar/dates';
import { currentId, readEffective, readGone } from '../cache/entities';
import { personName } from '../cache/personNames';
import { AppFailure } from '../app/appError';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import { notificationsPage, unreadCount } from './notificationStore';
import type { HandlerMap } from '../app/handlerMap';
import type { NotificationsCalls } from '@shared/appApi';

const days = (start: string, end: string) =>
  dateOnly(start) === dateOnly(end) ? dateOnly(start) : `${dateOnly(start)} to ${dateOnly(end)}`;

/**
 * Where a notification's record is now: one's own leave in My leave, a colleague's in Approvals, the
 * form to answer, the training; or, when the cache no longer holds it, what became of it in words.
 */
function targetOf(account: OpenAccount, n: Notification): NotificationTarget {
  const { db } = account;
  if (n.data.leaveId) {
    const id = currentId(db, n.data.leaveId);
    const leave = readEffective(db, 'leave', id);
    if (leave) return { view: leave.userId === account.summary.userId ? 'leave' : 'approvals', id: leave.id };
    const gone = readGone(db, 'leave', id);
    if (!gone) return { gone: 'This request is no longer there: it was withdrawn, or you may no longer see it.' };
    const l = gone.record;
    const whose =
      l.userId === account.summary.userId
        ? 'Your request'
        : `The request of ${personName(db, l.userId) ?? 'a colleague'}`;
    // Only a pending request can go (its owner withdraws it); any other was moved out of sight.
    return l.status === 'PENDING'
      ? { gone: `${whose} for ${days(l.startDate, l.endDate)} was withdrawn.` }
      : { gone: `${whose} for ${days(l.startDate, l.endDate)} is no longer yours to see.` };
  }
  if (n.data.formId) {
    const id = currentId(db, n.data.formId);
    if (readEffective(db, 'assigned_forms', id)) return { view: 'forms', id };
    const gone = readGone(db, 'assigned_forms', id);
    return {
      gone: `${gone ? `“${gone.record.title}”` : 'This form'} is no longer open to you: it was closed or deleted.`,
    };
  }
  if (n.data.trainingId) {
    const id = currentId(db, n.data.trainingId);
    if (readEffective(db, 'trainings', id)) return { view: 'trainings', id };
    const gone = readGone(db, 'trainings', id);
    return { gone: `${gone ? `“${gone.record.name}”` : 'This training'} was deleted.` };
  }
  return null;
}

export function notificationHandlers(ctx: BackendContext): HandlerMap<NotificationsCalls> {
  return {
    'notifications.list': async (q) => {
      const { db } = requireAccount(ctx);
      return { ...notificationsPage(db, q), unreadCount: unreadCount(db) };
    },

    'notifications.markRead': async ({ id }) => {
      const { db } = requireAccount(ctx);
      const n = readEffective(db, 'notifications', id);
      if (!n) throw new AppFailure('NOT_FOUND', 'This notification no longer exists');
      if (n.read) return null;
      queueChange(ctx, ['notifications'], { kind: 'notification.read', id, payload: {} });
      return null;
    },

    'notifications.open': async ({ id }) => {
      const account = requireAccount(ctx);
      const n = readEffective(account.db, 'notifications', id);
      if (!n) throw new AppFailure('NOT_FOUND', 'This notification no longer exists');
      if (!n.read) queueChange(ctx, ['notifications'], { kind: 'notification.read', id, payload: {} });
      return targetOf(account, n);
    },

    'notifications.markAllRead': async () => {
      queueChange(ctx, ['notifications'], { kind: 'notification.readAll', id: null, payload: {} });
      return null;
    },
  };
}

import { dayValue } from '@shared/calendar/dates';
import { defineMessages } from '@formatjs/intl';
import type { Notification } from '@shared/wire';
import type { NotificationTarget } from '@shared/appApi';
import { speak } from '../api/language';
import { currentId, readEffective, readGone } from '../cache/entities';
import { personName } from '../cache/personNames';
import { AppFailure } from '../app/appError';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import { notificationsPage, unreadCount } from './notificationStore';
import type { HandlerMap } from '../app/handlerMap';
import type { NotificationsCalls } from '@shared/appApi';

// What became of a notification's record, in the page's language; dates as ICU date arguments.
const GONE = defineMessages({
  requestUnknown: {
    id: 'core.notifications.gone.requestUnknown',
    defaultMessage: 'This request is no longer there: it was withdrawn, or you may no longer see it.',
  },
  requestWithdrawn: {
    id: 'core.notifications.gone.requestWithdrawn',
    defaultMessage:
      '{whose, select, mine {Your request} named {The request of {person}} other {The request of a colleague}} for {span, select, day {{start, date, long}} other {{start, date, long} to {end, date, long}}} was withdrawn.',
  },
  requestHidden: {
    id: 'core.notifications.gone.requestHidden',
    defaultMessage:
      '{whose, select, mine {Your request} named {The request of {person}} other {The request of a colleague}} for {span, select, day {{start, date, long}} other {{start, date, long} to {end, date, long}}} is no longer yours to see.',
  },
  form: {
    id: 'core.notifications.gone.form',
    defaultMessage: '“{title}” is no longer open to you: it was closed or deleted.',
  },
  formUnknown: {
    id: 'core.notifications.gone.formUnknown',
    defaultMessage: 'This form is no longer open to you: it was closed or deleted.',
  },
  training: { id: 'core.notifications.gone.training', defaultMessage: '“{name}” was deleted.' },
  trainingUnknown: { id: 'core.notifications.gone.trainingUnknown', defaultMessage: 'This training was deleted.' },
  notification: { id: 'core.notifications.gone', defaultMessage: 'This notification no longer exists' },
});

/** A day as an ICU date argument: its UTC midnight. */

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
    if (!gone) return { gone: speak(GONE.requestUnknown) };
    const l = gone.record;
    const mine = l.userId === account.summary.userId;
    const person = mine ? null : personName(db, l.userId);
    const [start, end] = [dayValue(l.startDate), dayValue(l.endDate)];
    const values = {
      whose: mine ? 'mine' : person ? 'named' : 'colleague',
      person: person ?? '',
      span: start === end ? 'day' : 'days',
      start,
      end,
    };
    // Only a pending request can go (its owner withdraws it); any other was moved out of sight.
    return { gone: speak(l.status === 'PENDING' ? GONE.requestWithdrawn : GONE.requestHidden, values) };
  }
  if (n.data.formId) {
    const id = currentId(db, n.data.formId);
    if (readEffective(db, 'assigned_forms', id)) return { view: 'forms', id };
    const gone = readGone(db, 'assigned_forms', id);
    return { gone: gone ? speak(GONE.form, { title: gone.record.title }) : speak(GONE.formUnknown) };
  }
  if (n.data.trainingId) {
    const id = currentId(db, n.data.trainingId);
    if (readEffective(db, 'trainings', id)) return { view: 'trainings', id };
    const gone = readGone(db, 'trainings', id);
    return { gone: gone ? speak(GONE.training, { name: gone.record.name }) : speak(GONE.trainingUnknown) };
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
      if (!n) throw new AppFailure('NOT_FOUND', speak(GONE.notification));
      if (n.read) return null;
      queueChange(ctx, ['notifications'], { kind: 'notification.read', id, payload: {} });
      return null;
    },

    'notifications.open': async ({ id }) => {
      const account = requireAccount(ctx);
      const n = readEffective(account.db, 'notifications', id);
      if (!n) throw new AppFailure('NOT_FOUND', speak(GONE.notification));
      if (!n.read) queueChange(ctx, ['notifications'], { kind: 'notification.read', id, payload: {} });
      return targetOf(account, n);
    },

    'notifications.markAllRead': async () => {
      queueChange(ctx, ['notifications'], { kind: 'notification.readAll', id: null, payload: {} });
      return null;
    },
  };
}

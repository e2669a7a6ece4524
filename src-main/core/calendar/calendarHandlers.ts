import { defineMessages } from '@formatjs/intl';
import type { CalendarCalls } from '@shared/appApi';
import { icalOf } from './icalExport';
import { pageWords, speak } from '../api/language';
import { icalFileName } from '@shared/records/icalWords';
import { POLICY_ID, readEffective } from '../cache/entities';
import { feedsIn, readCalendar, readChart } from './calendarStore';
import { calendarFeedCreateSchema } from '@shared/wire';
import { AppFailure, checkInput } from '../app/appError';
import { queueChange } from '../app/queueChange';
import { requireAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  teamFeed: {
    id: 'core.calendar.teamFeed',
    defaultMessage: 'A team calendar is for managers and admins: subscribe to your own leave or your department’s',
  },
  noDepartment: {
    id: 'core.calendar.noDepartment',
    defaultMessage: 'You are in no department yet: subscribe to your own leave, or ask an admin to add you to one',
  },
  feedRevoked: { id: 'core.calendar.feedRevoked', defaultMessage: 'This calendar feed was revoked already' },
});

export function calendarHandlers(ctx: BackendContext): HandlerMap<CalendarCalls> {
  return {
    'calendar.range': async (q) => {
      const { db, summary } = requireAccount(ctx);
      return readCalendar(db, summary.userId, q);
    },
    'calendar.chart': async (q) => {
      const { db, summary } = requireAccount(ctx);
      return readChart(db, summary.userId, q);
    },
    'calendar.ical': async (q) => {
      const { db, summary } = requireAccount(ctx);
      const calendar = readCalendar(db, summary.userId, { ...q, page: 1, pageSize: undefined });
      const middayAt = readEffective(db, 'leave_policy', POLICY_ID)?.middayAt;
      const words = pageWords();
      const { text, events } = icalOf(calendar, 'hr-offline/leave-calendar', words, middayAt);
      return { text, events, fileName: icalFileName(words, calendar.range) };
    },
    'calendar.feeds': async () => feedsIn(requireAccount(ctx).db),
    'calendar.subscribe': async (input) => {
      const fields = checkInput(calendarFeedCreateSchema, input);
      return queueChange(ctx, ['calendar'], {
        kind: 'feed.create',
        id: 'new',
        payload: fields,
        // The service's refusals, checked here first.
        guard: (account) => {
          if (fields.scope === 'TEAM' && account.role === 'USER') {
            throw new AppFailure('FORBIDDEN', speak(REFUSALS.teamFeed));
          }
          if (
            fields.scope === 'DEPARTMENT' &&
            !readEffective(account.db, 'users', account.summary.userId)?.departmentId
          ) {
            throw new AppFailure('CONFLICT', speak(REFUSALS.noDepartment));
          }
        },
      })!;
    },
    'calendar.revokeFeed': async ({ id: asked }) => {
      queueChange(ctx, ['calendar'], {
        kind: 'feed.revoke',
        id: asked,
        payload: {},
        guard: (account, id) => {
          if (!readEffective(account.db, 'calendar_feeds', id)) {
            throw new AppFailure('NOT_FOUND', speak(REFUSALS.feedRevoked));
          }
        },
      });
      return { id: asked };
    },
  };
}

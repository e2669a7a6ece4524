import type { CalendarCalls } from '@shared/appApi';
import { icalOf } from './icalExport';
import { POLICY_ID, readEffective } from '../cache/entities';
import { readCalendar, readChart } from './calendarStore';
import { requireAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';

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
      const { text, events } = icalOf(calendar, 'hr-offline/leave-calendar', middayAt);
      return { text, events, fileName: `leave ${calendar.range.startDate} to ${calendar.range.endDate}.ics` };
    },
  };
}

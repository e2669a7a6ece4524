import type { RefreshRules } from './refreshRules';
import type { BlockedPeriodFields, Calendar, CalendarFeed, CalendarFeedCreate, LeaveType, PersonWeek } from '../wire';

/** The team calendar. */
export interface CalendarCalls {
  'calendar.range': { args: CalendarQuery; result: CalendarPage };
  /** The same people and leave, compact, for the wall chart (everyone at once; no paging). */
  'calendar.chart': { args: Omit<CalendarQuery, 'page' | 'pageSize'>; result: ChartData };
  /** The leave a calendar shows as an iCalendar file (empty text when there is none). */
  'calendar.ical': { args: CalendarQuery; result: { fileName: string; text: string; events: number } };
  /** My calendar feeds, newest first; a feed's address only on the computer that made it, once synced. */
  'calendar.feeds': { args: Record<string, never>; result: ShownFeed[] };
  /** A new feed (queued offline; its address comes with the service's answer). */
  'calendar.subscribe': { args: CalendarFeedCreate; result: CalendarFeed };
  /** Revokes one of my feeds: its address stops answering once the service has it. */
  'calendar.revokeFeed': { args: { id: string }; result: { id: string } };
}

/** A calendar feed as the list shows it: whether it still waits to reach the service. */
export interface ShownFeed extends CalendarFeed {
  waiting: boolean;
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const calendarReads = {
  'calendar.range': ['calendar', 'leave', 'users'],
  'calendar.chart': ['calendar', 'leave', 'users'],
  'calendar.ical': ['calendar', 'leave', 'users'],
  'calendar.feeds': ['calendar'],
} as const satisfies RefreshRules<CalendarCalls>;

export interface CalendarQuery {
  startDate: string;
  endDate: string;
  departmentId?: string;
  /** Only the people the caller manages. */
  team?: boolean;
  /** Part of a person's name. */
  search?: string;
  /** Leave of these types only (all when absent); people without any stay shown. */
  types?: LeaveType[];
  status?: 'APPROVED' | 'PENDING';
  /** People a page (all when absent): a large organization is read a page of people at a time. */
  page?: number;
  pageSize?: number;
}

/** The calendar of one page of people, and how many people there are in all. */
export type CalendarPage = Calendar & {
  people: { page: number; pageSize: number; total: number; totalPages: number };
  /** Everyone the cache holds a calendar row for, before any filter: none means not synced yet. */
  known: number;
  /** The dates pulled for offline use (null before the first sync): outside them only holidays are known. */
  synced: { startDate: string; endDate: string } | null;
};

/** One leave on the wall chart: what the grid paints (the rest is read when it is opened). */
export interface ChartLeave {
  id: string;
  userId: string;
  /** `YYYY-MM-DD`, both included. */
  startDate: string;
  endDate: string;
  type: LeaveType;
  status: 'APPROVED' | 'PENDING';
  days: number;
  /** AFTERNOON when its first day is taken from midday; else null. */
  startPart: 'AFTERNOON' | null;
  /** MORNING when its last day is taken until midday; else null. */
  endPart: 'MORNING' | null;
}

/** The wall chart's data: each country's holidays once, leave as a flat list. */
export interface ChartData {
  range: { startDate: string; endDate: string };
  people: {
    id: string;
    firstName: string;
    lastName: string;
    departmentId: string | null;
    nationality: string;
    /** Their own working week; absent or null: the organization's. */
    workingWeek?: PersonWeek | null;
  }[];
  leave: ChartLeave[];
  /** The organization's working week (ISO weekdays): the days no one else works are shaded. */
  organizationWeek: number[];
  /** The policy's blocked periods, shown to managers and admins. */
  blocked: BlockedPeriodFields[];
  holidays: Record<string, { date: string; name: string }[]>;
  known: number;
  synced: { startDate: string; endDate: string } | null;
}

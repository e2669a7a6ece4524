import type { RefreshRules } from './refreshRules';
import type { Calendar, LeaveType } from '../wire';

/** The team calendar. */
export interface CalendarCalls {
  'calendar.range': { args: CalendarQuery; result: CalendarPage };
  /** The same people and leave, compact, for the wall chart (everyone at once; no paging). */
  'calendar.chart': { args: Omit<CalendarQuery, 'page' | 'pageSize'>; result: ChartData };
  /** The leave a calendar shows as an iCalendar file (empty text when there is none). */
  'calendar.ical': { args: CalendarQuery; result: { fileName: string; text: string; events: number } };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const calendarReads = {
  'calendar.range': ['calendar', 'leave', 'users'],
  'calendar.chart': ['calendar', 'leave', 'users'],
  'calendar.ical': ['calendar', 'leave', 'users'],
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
}

/** The wall chart's data: each country's holidays once, leave as a flat list. */
export interface ChartData {
  range: { startDate: string; endDate: string };
  people: { id: string; firstName: string; lastName: string; departmentId: string | null; nationality: string }[];
  leave: ChartLeave[];
  holidays: Record<string, { date: string; name: string }[]>;
  known: number;
  synced: { startDate: string; endDate: string } | null;
}

// What the rest of the renderer may use of the calendar feature.
export { CalendarView } from './CalendarView';

import { addMonths, endOfMonth, format, startOfMonth } from 'date-fns';
import { memo, useMemo, useState, type CSSProperties } from 'react';
import type { CalendarPage } from '../../../src-shared/appApi';
import { Button, Empty, ErrorNote, Loading, Pagination, Select } from '../../components/ui';
import { useAppQuery } from '../../state/useAppQuery';
import { useWindowRows } from './windowRows';
import './calendar.css';

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const weekend = (d: string) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
const today = iso(new Date());

/** One person's month: leave and public holidays marked, each with its words for screen readers. */
const PersonRow = memo(function PersonRow({ entry, days }: { entry: CalendarPage['users'][number]; days: string[] }) {
  const { user, leave, holidays } = entry;
  const holiday = new Map(holidays.map((h) => [h.date, h.name]));
  return (
    <tr>
      <th scope="row">
        {user.firstName} {user.lastName}
      </th>
      {days.map((d) => {
        const away = leave.find((l) => l.startDate.slice(0, 10) <= d && l.endDate.slice(0, 10) >= d);
        const name = holiday.get(d);
        const label = away ? `${away.type.toLowerCase()} leave (${away.status.toLowerCase()})` : (name ?? '');
        return (
          <td
            key={d}
            className={away ? `away ${away.status.toLowerCase()}` : name ? 'holiday' : weekend(d) ? 'weekend' : ''}
            title={label || undefined}
          >
            {label && <span className="visually-hidden">{`${d}: ${label}`}</span>}
          </td>
        );
      })}
    </tr>
  );
});

/** People shown at once: a large organization is read a page of people at a time. */
const PEOPLE_PER_PAGE = 500;

/** Rows are a fixed height, so only those near the screen are in the page (a month of 500 people is 15,000 cells). */
const ROW_HEIGHT = 28;

/** A month of the team: one row a person, one column a day; leave and public holidays marked. */
export function CalendarView() {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [departmentId, setDepartmentId] = useState('');
  const [page, setPage] = useState(1);
  const start = iso(month);
  const end = iso(endOfMonth(month));
  const departments = useAppQuery('departments.list', undefined);
  const calendar = useAppQuery('calendar.range', {
    startDate: start,
    endDate: end,
    page,
    pageSize: PEOPLE_PER_PAGE,
    ...(departmentId ? { departmentId } : {}),
  });
  const shown = calendar.data?.users ?? [];
  const { start: first, end: last, track } = useWindowRows(shown.length, ROW_HEIGHT);
  // Kept between renders: scrolling re-renders the view, and the memoized rows compare `days`.
  const days = useMemo(
    () =>
      Array.from({ length: endOfMonth(month).getDate() }, (_, i) =>
        iso(new Date(month.getFullYear(), month.getMonth(), i + 1)),
      ),
    [month],
  );

  return (
    <section aria-labelledby="calendar-title">
      <div className="view-head">
        <h1 id="calendar-title">Calendar · {format(month, 'MMMM yyyy')}</h1>
        <div className="tools">
          <Select
            label="Department"
            items={[{ id: 'all', name: 'Everyone I can see' }, ...(departments.data ?? [])]}
            value={departmentId || 'all'}
            onChange={(v) => {
              setDepartmentId(v === 'all' ? '' : v);
              setPage(1);
            }}
          />
          <Button onPress={() => setMonth(addMonths(month, -1))}>Previous month</Button>
          <Button onPress={() => setMonth(addMonths(month, 1))}>Next month</Button>
        </div>
      </div>
      <ul className="legend" aria-label="Key to the calendar">
        <li>
          <span className="swatch approved" aria-hidden="true" /> Approved leave
        </li>
        <li>
          <span className="swatch pending" aria-hidden="true" /> Pending leave
        </li>
        <li>
          <span className="swatch holiday" aria-hidden="true" /> Public holiday
        </li>
        <li>
          <span className="swatch weekend" aria-hidden="true" /> Weekend
        </li>
      </ul>
      {calendar.error && <ErrorNote message={calendar.error} onRetry={calendar.reload} />}
      {!calendar.data && calendar.loading && <Loading />}
      {calendar.data?.users.length === 0 && (
        <Empty>{departmentId ? 'Nobody in this department is yours to see.' : 'Nobody to show yet: sync first.'}</Empty>
      )}
      {calendar.data && calendar.data.users.length > 0 && (
        <div className="calendar-wrap">
          {/* A fixed layout: the columns' widths never depend on the rows that happen to be rendered. */}
          <table className="calendar" style={{ '--days': days.length } as CSSProperties}>
            <caption className="visually-hidden">Leave and public holidays in {format(month, 'MMMM yyyy')}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                {days.map((d) => (
                  <th key={d} scope="col" className={`day${d === today ? ' today' : ''}`}>
                    {Number(d.slice(8))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={track}>
              {first > 0 && (
                <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }}>
                  <td colSpan={days.length + 1} />
                </tr>
              )}
              {shown.slice(first, last).map((entry) => (
                <PersonRow key={entry.user.id} entry={entry} days={days} />
              ))}
              {last < shown.length && (
                <tr aria-hidden="true" style={{ height: (shown.length - last) * ROW_HEIGHT }}>
                  <td colSpan={days.length + 1} />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {calendar.data && <Pagination meta={calendar.data.people} onPage={setPage} label="People pages" />}
    </section>
  );
}

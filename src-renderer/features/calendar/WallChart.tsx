import { addDays, getDate, isMonday, isSameMonth } from 'date-fns';
import { utcDate } from '@shared/calendar/dates';
import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ChartLeave } from '@shared/appApi';
import { useRowWindow } from '@renderer/components/ui';
import { monthNameText, weekdayDayText } from '@renderer/i18n/dates';
import type { BlockedPeriodFields } from '@shared/wire';
import {
  cellName,
  dayInfoOf,
  halfOn,
  leaveByDay,
  leaveOn,
  TYPE_LETTER,
  type ChartPerson,
  type ChartRow,
  type DayInfo,
  type Zoom,
} from './chartModel';
import { moveInGrid, startColumn, type Spot } from './gridMoves';

/** Fixed row heights: only the rows near the visible part are in the page. */
const ROW_H = 32;
const HEAD_H = 2 * ROW_H;

const dayLabel = (intl: IntlShape, day: string, zoom: Zoom) => {
  const d = utcDate(day);
  const date = getDate(d);
  if (zoom === 'week') return weekdayDayText(intl, day);
  if (zoom === 'month') return String(date);
  if (date === 1) return monthNameText(intl, day);
  // Mondays, but none so near a month's start or end that two labels would run into each other.
  const sameMonthAhead = isSameMonth(addDays(d, 3), d);
  return isMonday(d) && date > 3 && sameMonthAhead ? String(date) : '';
};

/**
 * A date heading's content: what it shows (a day's number, a weekday, a month), or the whole date
 * unseen where it shows nothing, so no heading is empty. Its name is said by `dayHeadingName`.
 */
function DayHeading({ label, long }: { label: string; long: string }) {
  // Both in a span of their own: a quarter's labels style the heading's own spans.
  return <span>{label || <span className="visually-hidden">{long}</span>}</span>;
}

const MESSAGES = {
  heading: defineMessage<{ label: string; date: string; today: 'yes' | 'no' }>({
    id: 'calendar.chart.dayHeading',
    defaultMessage: '{label}, {date}{today, select, yes { (today)} other {}}',
  }),
  headingUnlabelled: defineMessage<{ date: string; today: 'yes' | 'no' }>({
    id: 'calendar.chart.dayHeadingUnlabelled',
    defaultMessage: '{date}{today, select, yes { (today)} other {}}',
  }),
  blockedName: defineMessage<{ day: string; reason: string }>({
    id: 'calendar.chart.blockedDay',
    defaultMessage: '{day}, blocked: {reason}',
  }),
  blockedTitle: defineMessage<{ reason: string }>({
    id: 'calendar.chart.blockedTitle',
    defaultMessage: 'Blocked: {reason}',
  }),
  out: defineMessage<{ date: string; count: number; shown: number; warn: 'yes' | 'no' }>({
    id: 'calendar.chart.out',
    defaultMessage: '{date}: {count} of {shown} out{warn, select, yes {, more than the warning share} other {}}',
  }),
  person: defineMessage<{ person: string; detail: string }>({
    id: 'calendar.chart.personRow',
    defaultMessage: '{person}, {detail}',
  }),
  grid: defineMessage({ id: 'calendar.chart.grid', defaultMessage: 'Leave calendar' }),
  group: defineMessage<{ department: string; count: number }>({
    id: 'calendar.chart.group',
    defaultMessage: '{department} · {count, plural, one {# person} other {# people}}',
  }),
};

const PersonRow = memo(function PersonRow({
  person,
  rowIndex,
  top,
  nav,
  days,
  today,
  zoom,
  activeCol,
  waiting,
}: {
  person: ChartPerson;
  rowIndex: number;
  /** Its place in the chart's body, in pixels. */
  top: number;
  nav: number;
  days: readonly DayInfo[];
  today: string;
  zoom: Zoom;
  /** The column holding the grid's tab stop in this row, or -1. */
  activeCol: number;
  /** Ids of leave with changes not yet sent. */
  waiting: ReadonlySet<string>;
}) {
  const intl = useIntl();
  const onDay = leaveByDay(person, days[0]?.day ?? '', days.length);
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className="calendar-wall-row calendar-person"
      data-nav={nav}
      style={{ top }}
    >
      <div
        role="rowheader"
        className="calendar-wall-name"
        tabIndex={activeCol === 0 ? 0 : undefined}
        aria-label={intl.formatMessage(MESSAGES.person, { person: person.name, detail: person.detail })}
      >
        <span className="calendar-person-name">{person.name}</span>
        <span className="calendar-person-detail">{person.detail}</span>
      </div>
      {days.map((info, i) => {
        const leave = onDay[i];
        const holiday = person.holidays.get(info.day);
        // A day they do not work is shaded as a weekend is: a part-timer's Thursday, a Gulf Friday.
        const notWorked = !person.works[info.weekday];
        const dayOff = Boolean(holiday) || notWorked;
        let classes = 'calendar-wall-cell';
        if (notWorked) classes += ' calendar-weekend';
        if (holiday) classes += ' calendar-holiday';
        if (info.day === today) classes += ' calendar-today';
        const unsent = Boolean(leave && waiting.has(leave.id));
        if (leave) {
          classes += ` calendar-leave calendar-t-${leave.type.toLowerCase()} calendar-${leave.status.toLowerCase()}`;
          const half = halfOn(leave, info.day);
          if (half) classes += ` calendar-half-${half.toLowerCase()}`;
        }
        if (unsent) classes += ' calendar-unsent';
        const name = cellName(intl, person, info, today, leave, unsent);
        return (
          <div
            key={info.day}
            role="gridcell"
            className={classes}
            tabIndex={activeCol === i + 1 ? 0 : undefined}
            aria-label={name}
            aria-haspopup={leave ? 'dialog' : undefined}
            title={holiday}
          >
            {leave && !dayOff ? (
              <span aria-hidden="true">{intl.formatMessage(TYPE_LETTER, { type: leave.type })}</span>
            ) : holiday && zoom === 'week' ? (
              <span aria-hidden="true" className="calendar-holiday-name">
                {holiday}
              </span>
            ) : null}
            {leave && holiday && <span aria-hidden="true" className="calendar-holiday-mark" />}
          </div>
        );
      })}
    </div>
  );
});

export interface WallChartProps {
  rows: readonly ChartRow[];
  days: readonly string[];
  today: string;
  zoom: Zoom;
  /** People away each day, and whether that is more than the chosen share. */
  out: readonly { count: number; warn: boolean }[];
  shown: number;
  waiting: ReadonlySet<string>;
  onOpen: (leave: ChartLeave, person: ChartPerson) => void;
  /** The organization's working week (ISO weekdays): the other days' columns are shaded. */
  organizationWeek: readonly number[];
  /** Blocked periods touching the days shown: their days are marked in the dates row. */
  blocked: readonly BlockedPeriodFields[];
}

/**
 * The wall chart as one ARIA grid: a single tab stop, arrow keys between cells, Home/End to a
 * row's ends, Page Up/Down by a screen, Enter on a leave to open it. Rows are windowed inside the
 * chart's own scroller, which keeps the dates and "People out" in sight.
 */
export const WallChart = memo(function WallChart({
  rows,
  days,
  today,
  zoom,
  out,
  shown,
  waiting,
  onOpen,
  organizationWeek,
  blocked,
}: WallChartProps) {
  const intl = useIntl();
  /** A date heading's name: what it shows first, then the whole date ("30, Monday, 30 November 2026"). */
  const dayHeadingName = (label: string, date: string, isToday: boolean) => {
    const today = isToday ? 'yes' : 'no';
    return label
      ? intl.formatMessage(MESSAGES.heading, { label, date, today })
      : intl.formatMessage(MESSAGES.headingUnlabelled, { date, today });
  };
  const info = dayInfoOf(intl, days, organizationWeek);
  const blockedOn = (day: string) => blocked.find((b) => b.startDate <= day && b.endDate >= day);
  const { scroller, range, measure, reveal: revealRow, revealSideways } = useRowWindow<HTMLDivElement>(ROW_H, rows);
  /** Positions in `rows` of the people: keyboard rows 2… are these. */
  const people = useMemo(() => rows.flatMap((r, i) => (r.kind === 'person' ? [i] : [])), [rows]);
  const navOf = useMemo(() => new Map(people.map((at, i) => [at, i + 2])), [people]);
  // The tab stop starts on the first person's today (or the first day shown), and again so in its row
  // when other days are shown: the 1st of a month is seldom where one looks first.
  const shownDays = `${days[0] ?? ''}:${days.length}`;
  const [held, hold] = useState(() => ({ shownDays, spot: { row: 2, col: startColumn(days, today) } }));
  const active = held.shownDays === shownDays ? held.spot : { row: held.spot.row, col: startColumn(days, today) };
  const setActive = (next: Spot) => hold({ shownDays, spot: next });
  const moved = useRef(false);
  const lastRow = people.length + 1;
  const spot = { row: Math.min(active.row, lastRow), col: Math.min(active.col, days.length) };

  /** Scrolls a person's row into the part below the sticky heading rows. */
  const reveal = (row: number) => {
    if (row >= 2) revealRow(people[row - 2]!, HEAD_H);
  };

  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const el = scroller.current;
    const cell = el?.querySelector<HTMLElement>(`[data-nav="${spot.row}"]`)?.children[spot.col] as
      HTMLElement | undefined;
    if (!el || !cell) return;
    cell.focus({ preventScroll: true });
    revealSideways(cell, el.querySelector<HTMLElement>('.calendar-wall-name')?.offsetWidth ?? 0, spot.col === 0);
  });

  const pageRows = () => Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 400) - HEAD_H) / ROW_H) - 1);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      const entry = spot.row >= 2 ? rows[people[spot.row - 2]!] : undefined;
      const leave = entry?.kind === 'person' && spot.col > 0 ? leaveOn(entry.person, days[spot.col - 1]!) : undefined;
      if (entry?.kind === 'person' && leave) {
        event.preventDefault();
        onOpen(leave, entry.person);
      }
      return;
    }
    const next = moveInGrid(spot, event, { lastRow, lastCol: days.length, pageRows: pageRows() });
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    reveal(next.row);
    setActive(next);
  };

  /** The cell an event happened in: its row's place (data-nav) and its place in the row. */
  const spotOf = (target: EventTarget): Spot | null => {
    const row = (target as HTMLElement).closest<HTMLElement>('[data-nav]');
    const cell = [...(row?.children ?? [])].find((c) => c.contains(target as Node));
    if (!row || !cell) return null;
    return { row: Number(row.dataset['nav']), col: [...row.children].indexOf(cell) };
  };
  /** A focus from elsewhere moves the tab stop to where it landed. */
  const onFocus = (event: FocusEvent) => {
    const at = spotOf(event.target);
    if (at && (at.row !== spot.row || at.col !== spot.col)) setActive(at);
  };
  /** A click takes the tab stop (and focus) there, and opens a leave. */
  const onClick = (event: MouseEvent) => {
    const at = spotOf(event.target);
    if (!at) return;
    // Focus now, before a dialog opens: it gives focus back to what had it (the render that makes
    // this cell the tab stop comes after).
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-nav="${at.row}"]`)?.children[at.col];
    if (cell instanceof HTMLElement) {
      cell.tabIndex = 0;
      cell.focus({ preventScroll: true });
    }
    setActive(at);
    const entry = at.row >= 2 ? rows[people[at.row - 2]!] : undefined;
    const leave = entry?.kind === 'person' && at.col > 0 ? leaveOn(entry.person, days[at.col - 1]!) : undefined;
    if (entry?.kind === 'person' && leave) onOpen(leave, entry.person);
  };

  const style = { '--days': days.length } as CSSProperties;
  // Only the cell holding the tab stop is focusable: three thousand tabindex attributes fewer to write.
  const tab = (row: number, col: number) => (spot.row === row && spot.col === col ? 0 : undefined);
  const first = Math.min(range.first, rows.length);
  const last = Math.min(range.last, rows.length);
  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={intl.formatMessage(MESSAGES.grid)}
      aria-rowcount={rows.length + 2}
      aria-colcount={days.length + 1}
      className={`calendar-wall calendar-zoom-${zoom}`}
      style={style}
      onScroll={() => measure()}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onClick}
    >
      <div role="rowgroup" className="calendar-wall-head">
        <div role="row" aria-rowindex={1} className="calendar-wall-row dates" data-nav={0}>
          <div role="columnheader" className="calendar-wall-name" tabIndex={tab(0, 0)}>
            <FormattedMessage id="calendar.chart.person" defaultMessage="Person" />
          </div>
          {info.map(({ day, long, weekend }, i) => {
            const block = blockedOn(day);
            const name = dayHeadingName(dayLabel(intl, day, zoom), long, day === today);
            return (
              <div
                key={day}
                role="columnheader"
                className={`calendar-wall-day${weekend ? ' calendar-weekend' : ''}${day === today ? ' calendar-today' : ''}${day.endsWith('-01') ? ' calendar-month-start' : ''}${block ? ' calendar-blocked' : ''}`}
                tabIndex={tab(0, i + 1)}
                aria-label={
                  block ? intl.formatMessage(MESSAGES.blockedName, { day: name, reason: block.reason }) : name
                }
                title={block ? intl.formatMessage(MESSAGES.blockedTitle, { reason: block.reason }) : undefined}
              >
                <DayHeading label={dayLabel(intl, day, zoom)} long={long} />
              </div>
            );
          })}
        </div>
        <div role="row" aria-rowindex={2} className="calendar-wall-row out" data-nav={1}>
          <div role="rowheader" className="calendar-wall-name" tabIndex={tab(1, 0)}>
            <FormattedMessage id="calendar.chart.peopleOut" defaultMessage="People out" />
          </div>
          {info.map(({ day, long, weekend }, i) => {
            const { count, warn } = out[i] ?? { count: 0, warn: false };
            return (
              <div
                key={day}
                role="gridcell"
                className={`calendar-wall-count${warn ? ' calendar-warn' : ''}${weekend ? ' calendar-weekend' : ''}`}
                tabIndex={tab(1, i + 1)}
                aria-label={intl.formatMessage(MESSAGES.out, { date: long, count, shown, warn: warn ? 'yes' : 'no' })}
              >
                <span aria-hidden="true">{count || ''}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="calendar-wall-body" style={{ height: rows.length * ROW_H }}>
        {rows.slice(first, last).map((entry, i) => {
          const at = first + i;
          if (entry.kind === 'group') {
            return (
              <div
                key={`group:${entry.department}`}
                role="row"
                aria-rowindex={at + 3}
                className="calendar-wall-row calendar-group"
                style={{ top: at * ROW_H }}
              >
                <div role="rowheader" aria-colspan={days.length + 1} className="calendar-wall-group">
                  {intl.formatMessage(MESSAGES.group, { department: entry.department, count: entry.count })}
                </div>
              </div>
            );
          }
          const nav = navOf.get(at)!;
          return (
            <PersonRow
              key={entry.person.id}
              person={entry.person}
              rowIndex={at + 3}
              top={at * ROW_H}
              nav={nav}
              days={info}
              today={today}
              zoom={zoom}
              activeCol={spot.row === nav ? spot.col : -1}
              waiting={waiting}
            />
          );
        })}
      </div>
    </div>
  );
});

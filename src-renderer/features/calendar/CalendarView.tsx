import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import { blockedWords } from '@shared/rules';
import type { CalendarQuery, ChartLeave } from '@shared/appApi';
import type { LeaveType } from '@shared/wire';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Empty,
  ErrorNote,
  FilterPopover,
  Loading,
  RadioGroup,
  Select,
  TextField,
} from '@renderer/components/ui';
import { useRoles } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { LEAVE_TYPES } from '@renderer/features/leave';
import {
  chartRows,
  daysOf,
  holidaysShown,
  peopleOut,
  stepAnchor,
  TYPE_LETTERS,
  viewRange,
  type ChartPerson,
  type Zoom,
} from './chartModel';
import { IcalExport } from './IcalExport';
import { SubscribeButton } from './CalendarFeeds';
import { LeaveDetailsDialog } from './LeaveDetailsDialog';
import { WallChart } from './WallChart';
import './calendar.css';

const todayIso = () => new Date().toISOString().slice(0, 10);
const ZOOMS = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
];
const STATUSES = [
  { id: 'all', name: 'Approved and pending' },
  { id: 'APPROVED', name: 'Approved' },
  { id: 'PENDING', name: 'Pending' },
];
const SHARES = [10, 20, 25, 33, 50].map((p) => ({ id: String(p), name: `${p}% of those shown` }));

const shortDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const titleOf = (zoom: Zoom, range: { startDate: string; endDate: string }) => {
  const fmt = (d: string, o: Intl.DateTimeFormatOptions) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { ...o, timeZone: 'UTC' });
  if (zoom === 'week') {
    return `${fmt(range.startDate, { day: 'numeric', month: 'short' })} – ${fmt(range.endDate, { day: 'numeric', month: 'short', year: 'numeric' })}`;
  }
  if (zoom === 'month') return fmt(range.startDate, { month: 'long', year: 'numeric' });
  return `${fmt(range.startDate, { month: 'short' })} – ${fmt(range.endDate, { month: 'short', year: 'numeric' })}`;
};

/** The team's wall chart: a row a person, a column a day; leave by type and status, holidays, and who is out each day. */
export function CalendarView() {
  const roles = useRoles() ?? [];
  const manager = roles.includes('MANAGER');
  const today = todayIso();
  const [zoom, setZoom] = useState<Zoom>('month');
  const [anchor, setAnchor] = useState(today);
  const [departmentId, setDepartmentId] = useState('');
  const [types, setTypes] = useState<LeaveType[]>([]);
  const [status, setStatus] = useState<'' | 'APPROVED' | 'PENDING'>('');
  const [team, setTeam] = useState(manager);
  const [search, setSearch] = useState('');
  const [share, setShare] = useState(20);
  const [open, setOpen] = useState<{ leave: ChartLeave; person: ChartPerson } | null>(null);
  const typed = useDeferredValue(search);
  const range = viewRange(zoom, anchor);
  const departments = useAppQuery('departments.list', undefined);
  const query: CalendarQuery = {
    ...range,
    ...(departmentId ? { departmentId } : {}),
    ...(team ? { team } : {}),
    ...(typed.trim() ? { search: typed.trim() } : {}),
    ...(types.length ? { types } : {}),
    ...(status ? { status } : {}),
  };
  const calendar = useAppQuery('calendar.chart', query);
  const { waiting } = useWaitingIds();
  const data = calendar.data;
  // The days of the answer shown (while the next loads, the last one stays with its own days).
  const days = daysOf(data?.range ?? range);
  // The chart keeps the zoom of the days it shows until the next answer comes: changing it at the
  // click would paint the old days again at the new width, only to replace them.
  const shownZoom: Zoom = days.length <= 7 ? 'week' : days.length <= 31 ? 'month' : 'quarter';
  const onOpen = useCallback((leave: ChartLeave, person: ChartPerson) => setOpen({ leave, person }), []);
  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((d) => [d.id, d.name])),
    [departments.data],
  );
  const rows = useMemo(() => (data ? chartRows(data, departmentNames) : []), [data, departmentNames]);
  const shown = useMemo(() => rows.flatMap((r) => (r.kind === 'person' ? [r.person] : [])), [rows]);
  const out = useMemo(() => {
    const counts = peopleOut(shown, days);
    return counts.map((count) => ({ count, warn: shown.length > 0 && count / shown.length > share / 100 }));
  }, [shown, days, share]);
  const holidays = useMemo(() => holidaysShown(shown, days), [shown, days]);
  const filtered = Boolean(departmentId || team || typed.trim() || types.length || status);
  const clearFilters = () => {
    setDepartmentId('');
    setTeam(false);
    setSearch('');
    setTypes([]);
    setStatus('');
  };
  const departmentName = departmentNames.get(departmentId);
  const outsideWindow =
    data?.synced && (data.range.startDate < data.synced.startDate || data.range.endDate > data.synced.endDate);

  return (
    <section aria-labelledby="calendar-title" className="calendar-view">
      <div className="view-head">
        <h1 id="calendar-title">Calendar · {titleOf(zoom, range)}</h1>
        <div className="tools">
          <RadioGroup
            label="Zoom"
            orientation="horizontal"
            options={ZOOMS}
            value={zoom}
            onChange={(v) => setZoom(v as Zoom)}
          />
          <Button onPress={() => setAnchor(stepAnchor(zoom, anchor, -1))}>Previous</Button>
          <Button onPress={() => setAnchor(today)}>Today</Button>
          <Button onPress={() => setAnchor(stepAnchor(zoom, anchor, 1))}>Next</Button>
          <IcalExport query={query} />
          <SubscribeButton />
        </div>
      </div>
      <div className="filters calendar-filters">
        <TextField label="Find a person" type="search" value={search} onChange={setSearch} />
        <Select
          label="Department"
          items={[{ id: 'all', name: 'All departments' }, ...(departments.data ?? [])]}
          value={departmentId || 'all'}
          onChange={(v) => setDepartmentId(v === 'all' ? '' : v)}
        />
        <Select
          label="Status"
          items={STATUSES}
          value={status || 'all'}
          onChange={(v) => setStatus(v === 'all' ? '' : (v as 'APPROVED' | 'PENDING'))}
        />
        <FilterPopover
          label="Leave types"
          summary={
            types.length === 0 ? 'All' : types.length === 1 ? LEAVE_TYPE_NAMES[types[0]!] : `${types.length} chosen`
          }
        >
          <CheckboxGroup
            label="Show leave of these types (none chosen: all)"
            options={LEAVE_TYPES.map((t) => ({ value: t.id, label: t.name }))}
            value={types}
            onChange={(v) => setTypes(v as LeaveType[])}
          />
        </FilterPopover>
        <Select label="Warn when out" items={SHARES} value={String(share)} onChange={(v) => setShare(Number(v))} />
        {manager && (
          <Checkbox isSelected={team} onChange={setTeam}>
            My team
          </Checkbox>
        )}
      </div>
      <ul className="calendar-legend" aria-label="Key to the calendar">
        {LEAVE_TYPES.map((t) => (
          <li key={t.id}>
            <span className={`calendar-swatch calendar-leave calendar-t-${t.id.toLowerCase()}`} aria-hidden="true">
              {TYPE_LETTERS[t.id]}
            </span>
            {t.name}
          </li>
        ))}
        <li>
          <span className="calendar-swatch calendar-leave calendar-t-annual calendar-pending" aria-hidden="true">
            A
          </span>
          Pending (hatched)
        </li>
        <li>
          <span
            className="calendar-swatch calendar-leave calendar-t-annual calendar-approved calendar-half-afternoon"
            aria-hidden="true"
          />
          Half day (morning left, afternoon right)
        </li>
        <li>
          <span className="calendar-swatch calendar-holiday" aria-hidden="true" /> Public holiday
        </li>
        <li>
          <span className="calendar-swatch calendar-weekend" aria-hidden="true" /> Weekend or day off
        </li>
        <li>
          <span className="calendar-swatch calendar-warn" aria-hidden="true" /> More than {share}% out
        </li>
        <li>
          <span className="calendar-swatch calendar-unsent" aria-hidden="true" /> Waiting to sync
        </li>
      </ul>
      {holidays.length > 0 && (
        <p className="calendar-holidays-shown">
          <strong>Public holidays:</strong>{' '}
          {holidays.map((h) => `${shortDate(h.date)} ${h.name} (${[...h.countries].sort().join(', ')})`).join(' · ')}
        </p>
      )}
      {data && data.blocked.length > 0 && (
        <p className="calendar-blocked-shown">
          <strong>Blocked dates:</strong>{' '}
          {data.blocked
            .map(
              (b) =>
                `${blockedWords(b)}${b.types?.length ? ` (${b.types.map((t) => LEAVE_TYPE_NAMES[t].toLowerCase()).join(', ')})` : ''}`,
            )
            .join(' · ')}
        </p>
      )}
      {outsideWindow && data.synced && (
        <p className="hint" role="note">
          Colleagues’ leave is kept offline from {data.synced.startDate} to {data.synced.endDate}: outside those dates
          this shows your own and your team’s requests, and public holidays.
        </p>
      )}
      {calendar.error && <ErrorNote message={calendar.error} onRetry={calendar.reload} />}
      {!data && calendar.loading && <Loading />}
      {data && data.known === 0 && (
        <Empty>
          {data.synced
            ? 'Nobody to show: the service shares no colleagues’ calendars with you.'
            : 'Not synced yet: the calendar fills in at the first sync.'}
        </Empty>
      )}
      {data && data.known > 0 && data.people.length === 0 && (
        <Empty>
          {departmentName && !team && !typed.trim()
            ? `Nobody in ${departmentName} is shown to you: the calendar shows your own department and the people you look after.`
            : 'No one matches these filters.'}{' '}
          {filtered && (
            <Button variant="link" onPress={clearFilters}>
              Clear filters
            </Button>
          )}
        </Empty>
      )}
      {data && rows.length > 0 && (
        <WallChart
          rows={rows}
          days={days}
          today={today}
          zoom={shownZoom}
          out={out}
          shown={shown.length}
          waiting={waiting}
          onOpen={onOpen}
          organizationWeek={data.organizationWeek}
          blocked={data.blocked}
        />
      )}
      {open && <LeaveDetailsDialog leave={open.leave} person={open.person} onClose={() => setOpen(null)} />}
    </section>
  );
}

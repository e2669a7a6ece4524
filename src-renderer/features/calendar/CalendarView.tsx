import { directionOf } from '@renderer/i18n/LanguageProvider';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { dateRangeText, dateText, dayMonthText, firstDayOfWeek, monthRangeText, monthText } from '@renderer/i18n/dates';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { LEAVE_TYPE_NAME } from '@shared/i18n/sharedMessages';
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
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
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
  TYPE_LETTER,
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
const ZOOMS: readonly Zoom[] = ['week', 'month', 'quarter'];
const STATUSES = ['all', 'APPROVED', 'PENDING'] as const;
const SHARES = [10, 20, 25, 33, 50];

const MESSAGES = {
  title: defineMessage<{ period: string }>({ id: 'calendar.title', defaultMessage: 'Calendar · {period}' }),
  zoom: defineMessage<{ zoom: Zoom }>({
    id: 'calendar.zoomChoice',
    defaultMessage: '{zoom, select, week {Week} month {Month} other {Quarter}}',
  }),
  zoomLabel: defineMessage({ id: 'calendar.zoom', defaultMessage: 'Zoom' }),
  status: defineMessage<{ status: (typeof STATUSES)[number] }>({
    id: 'calendar.statusChoice',
    defaultMessage: '{status, select, APPROVED {Approved} PENDING {Pending} other {Approved and pending}}',
  }),
  statusLabel: defineMessage({ id: 'calendar.status', defaultMessage: 'Status' }),
  share: defineMessage<{ share: number }>({ id: 'calendar.shareChoice', defaultMessage: '{share}% of those shown' }),
  shareLabel: defineMessage({ id: 'calendar.share', defaultMessage: 'Warn when out' }),
  search: defineMessage({ id: 'calendar.search', defaultMessage: 'Find a person' }),
  department: defineMessage({ id: 'calendar.department', defaultMessage: 'Department' }),
  allDepartments: defineMessage({ id: 'calendar.allDepartments', defaultMessage: 'All departments' }),
  types: defineMessage({ id: 'calendar.types', defaultMessage: 'Leave types' }),
  allTypes: defineMessage({ id: 'calendar.types.all', defaultMessage: 'All' }),
  typesChosen: defineMessage<{ count: number }>({
    id: 'calendar.types.chosen',
    defaultMessage: '{count, plural, one {# chosen} other {# chosen}}',
  }),
  typesLabel: defineMessage({
    id: 'calendar.types.label',
    defaultMessage: 'Show leave of these types (none chosen: all)',
  }),
  /** A leave type's short name, as the filter and the key list them. */
  type: defineMessage<{ type: LeaveType }>({
    id: 'calendar.typeShort',
    defaultMessage:
      '{type, select, ANNUAL {Annual} SICK {Sick} UNPAID {Unpaid} MATERNITY {Maternity} PATERNITY {Paternity} BEREAVEMENT {Bereavement} other {Other}}',
  }),
  /** A leave type's name inside a sentence: "annual leave". */
  typeInSentence: defineMessage<{ type: LeaveType }>({
    id: 'calendar.typeInSentence',
    defaultMessage:
      '{type, select, ANNUAL {annual leave} SICK {sick leave} UNPAID {unpaid leave} MATERNITY {maternity leave} PATERNITY {paternity leave} BEREAVEMENT {bereavement leave} other {leave}}',
  }),
  key: defineMessage({ id: 'calendar.key', defaultMessage: 'Key to the calendar' }),
  blockedFor: defineMessage<{ period: string; types: string }>({
    id: 'calendar.blocked.forTypes',
    defaultMessage: '{period} ({types})',
  }),
  outsideDepartment: defineMessage<{ department: string }>({
    id: 'calendar.empty.outsideDepartment',
    defaultMessage:
      'Nobody in {department} is shown to you: the calendar shows your own department and the people you look after.',
  }),
  noMatch: defineMessage({ id: 'calendar.empty.noMatch', defaultMessage: 'No one matches these filters.' }),
};

/** The period shown, as the locale writes it: "25–31 Jan 2027", "January 2027", "Jan – Mar 2027". */
const titleOf = (intl: IntlShape, zoom: Zoom, range: { startDate: string; endDate: string }) => {
  if (zoom === 'week') return dateRangeText(intl, range.startDate, range.endDate);
  if (zoom === 'month') return monthText(intl, range.startDate, true);
  return monthRangeText(intl, range.startDate, range.endDate);
};

/** The team's wall chart: a row a person, a column a day; leave by type and status, holidays, and who is out each day. */
export function CalendarView() {
  const intl = useIntl();
  const format = useFormatMessage();
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
  const range = viewRange(zoom, anchor, firstDayOfWeek(intl.locale));
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
  const rows = useMemo(() => (data ? chartRows(data, departmentNames, intl) : []), [data, departmentNames, intl]);
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
        <h1 id="calendar-title">{intl.formatMessage(MESSAGES.title, { period: titleOf(intl, zoom, range) })}</h1>
        <div className="tools">
          <RadioGroup
            label={intl.formatMessage(MESSAGES.zoomLabel)}
            orientation="horizontal"
            options={ZOOMS.map((z) => ({ value: z, label: intl.formatMessage(MESSAGES.zoom, { zoom: z }) }))}
            value={zoom}
            onChange={(v) => setZoom(v as Zoom)}
          />
          <Button onPress={() => setAnchor(stepAnchor(zoom, anchor, -1))}>
            <FormattedMessage id="calendar.previous" defaultMessage="Previous" />
          </Button>
          <Button onPress={() => setAnchor(today)}>
            <FormattedMessage id="calendar.today" defaultMessage="Today" />
          </Button>
          <Button onPress={() => setAnchor(stepAnchor(zoom, anchor, 1))}>
            <FormattedMessage id="calendar.next" defaultMessage="Next" />
          </Button>
          <IcalExport query={query} />
          <SubscribeButton />
        </div>
      </div>
      <div className="filters calendar-filters">
        <TextField label={intl.formatMessage(MESSAGES.search)} type="search" value={search} onChange={setSearch} />
        <Select
          label={intl.formatMessage(MESSAGES.department)}
          items={[{ id: 'all', name: intl.formatMessage(MESSAGES.allDepartments) }, ...(departments.data ?? [])]}
          value={departmentId || 'all'}
          onChange={(v) => setDepartmentId(v === 'all' ? '' : v)}
        />
        <Select
          label={intl.formatMessage(MESSAGES.statusLabel)}
          items={STATUSES.map((id) => ({ id, name: intl.formatMessage(MESSAGES.status, { status: id }) }))}
          value={status || 'all'}
          onChange={(v) => setStatus(v === 'all' ? '' : (v as 'APPROVED' | 'PENDING'))}
        />
        <FilterPopover
          label={intl.formatMessage(MESSAGES.types)}
          summary={
            types.length === 0
              ? intl.formatMessage(MESSAGES.allTypes)
              : types.length === 1
                ? intl.formatMessage(LEAVE_TYPE_NAME, { type: types[0]! })
                : intl.formatMessage(MESSAGES.typesChosen, { count: types.length })
          }
        >
          <CheckboxGroup
            label={intl.formatMessage(MESSAGES.typesLabel)}
            options={LEAVE_TYPES.map((t) => ({
              value: t.id,
              label: intl.formatMessage(MESSAGES.type, { type: t.id }),
            }))}
            value={types}
            onChange={(v) => setTypes(v as LeaveType[])}
          />
        </FilterPopover>
        <Select
          label={intl.formatMessage(MESSAGES.shareLabel)}
          items={SHARES.map((p) => ({ id: String(p), name: intl.formatMessage(MESSAGES.share, { share: p }) }))}
          value={String(share)}
          onChange={(v) => setShare(Number(v))}
        />
        {manager && (
          <Checkbox isSelected={team} onChange={setTeam}>
            <FormattedMessage id="calendar.myTeam" defaultMessage="My team" />
          </Checkbox>
        )}
      </div>
      <ul className="calendar-legend" aria-label={intl.formatMessage(MESSAGES.key)}>
        {LEAVE_TYPES.map((t) => (
          <li key={t.id}>
            <span className={`calendar-swatch calendar-leave calendar-t-${t.id.toLowerCase()}`} aria-hidden="true">
              {intl.formatMessage(TYPE_LETTER, { type: t.id })}
            </span>
            {intl.formatMessage(MESSAGES.type, { type: t.id })}
          </li>
        ))}
        <li>
          <span className="calendar-swatch calendar-leave calendar-t-annual calendar-pending" aria-hidden="true">
            {intl.formatMessage(TYPE_LETTER, { type: 'ANNUAL' })}
          </span>
          <FormattedMessage id="calendar.key.pending" defaultMessage="Pending (hatched)" />
        </li>
        <li>
          <span
            className="calendar-swatch calendar-leave calendar-t-annual calendar-approved calendar-half-afternoon"
            aria-hidden="true"
          />
          <FormattedMessage
            id="calendar.key.halfDay"
            defaultMessage="{direction, select, rtl {Half day (morning right, afternoon left)} other {Half day (morning left, afternoon right)}}"
            values={{ direction: directionOf(intl.locale) }}
          />
        </li>
        <li>
          <span className="calendar-swatch calendar-holiday" aria-hidden="true" />
          {SPACE}
          <FormattedMessage id="calendar.key.holiday" defaultMessage="Public holiday" />
        </li>
        <li>
          <span className="calendar-swatch calendar-weekend" aria-hidden="true" />
          {SPACE}
          <FormattedMessage id="calendar.key.dayOff" defaultMessage="Weekend or day off" />
        </li>
        <li>
          <span className="calendar-swatch calendar-warn" aria-hidden="true" />
          {SPACE}
          <FormattedMessage id="calendar.key.warn" defaultMessage="More than {share}% out" values={{ share }} />
        </li>
        <li>
          <span className="calendar-swatch calendar-unsent" aria-hidden="true" />
          {SPACE}
          <FormattedMessage id="calendar.key.waiting" defaultMessage="Waiting to sync" />
        </li>
      </ul>
      {holidays.length > 0 && (
        <p className="calendar-holidays-shown">
          <strong>
            <FormattedMessage id="calendar.holidays" defaultMessage="Public holidays:" />
          </strong>
          {SPACE}
          {holidays
            .map((h) => `${dayMonthText(intl, h.date)} ${h.name} (${[...h.countries].sort().join(', ')})`)
            .join(SEPARATOR)}
        </p>
      )}
      {data && data.blocked.length > 0 && (
        <p className="calendar-blocked-shown">
          <strong>
            <FormattedMessage id="calendar.blocked" defaultMessage="Blocked dates:" />
          </strong>
          {SPACE}
          {data.blocked
            .map((b) =>
              b.types?.length
                ? intl.formatMessage(MESSAGES.blockedFor, {
                    period: blockedWords(b, format),
                    types: b.types.map((type) => intl.formatMessage(MESSAGES.typeInSentence, { type })).join(', '),
                  })
                : blockedWords(b, format),
            )
            .join(SEPARATOR)}
        </p>
      )}
      {outsideWindow && data.synced && (
        <p className="hint" role="note">
          <FormattedMessage
            id="calendar.outsideWindow"
            defaultMessage="Colleagues’ leave is kept offline from {startDate} to {endDate}: outside those dates this shows your own and your team’s requests, and public holidays."
            values={{ startDate: dateText(intl, data.synced.startDate), endDate: dateText(intl, data.synced.endDate) }}
          />
        </p>
      )}
      {calendar.error && <ErrorNote message={calendar.error} onRetry={calendar.reload} />}
      {!data && calendar.loading && <Loading />}
      {data && data.known === 0 && (
        <Empty>
          {data.synced ? (
            <FormattedMessage
              id="calendar.empty.nobody"
              defaultMessage="Nobody to show: the service shares no colleagues’ calendars with you."
            />
          ) : (
            <FormattedMessage
              id="calendar.empty.notSynced"
              defaultMessage="Not synced yet: the calendar fills in at the first sync."
            />
          )}
        </Empty>
      )}
      {data && data.known > 0 && data.people.length === 0 && (
        <Empty>
          {departmentName && !team && !typed.trim()
            ? intl.formatMessage(MESSAGES.outsideDepartment, { department: departmentName })
            : intl.formatMessage(MESSAGES.noMatch)}
          {SPACE}
          {filtered && (
            <Button variant="link" onPress={clearFilters}>
              <FormattedMessage id="calendar.clearFilters" defaultMessage="Clear filters" />
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

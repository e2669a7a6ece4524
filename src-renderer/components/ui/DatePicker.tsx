import { parseDate, type CalendarDate } from '@internationalized/date';
import { createContext, useContext, useEffect, useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateFieldStateContext,
  DateInput,
  DatePicker as AriaDatePicker,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { impossibleDate } from '@shared/calendar/dates';
import { say } from '@shared/i18n/format';
import { impossibleDateValue } from '@shared/rules';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { defineMessages, useIntl } from 'react-intl';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';
import { CALENDAR, EN_DASH, NEXT, PREVIOUS } from './marks';
import { Pointing } from './Pointing';

const MESSAGES = defineMessages({
  openCalendar: { id: 'ui.datePicker.openCalendar', defaultMessage: 'Open calendar' },
  previousMonth: { id: 'ui.datePicker.previousMonth', defaultMessage: 'Previous month' },
  nextMonth: { id: 'ui.datePicker.nextMonth', defaultMessage: 'Next month' },
});

/** `YYYY-MM-DD` as a calendar date, or null when it is not one (yet). */
function toDate(value: string): CalendarDate | null {
  try {
    return value ? parseDate(value.slice(0, 10)) : null;
  } catch {
    return null;
  }
}

/**
 * A year is typed a digit at a time, and each digit makes a date ("2" is the year 2 on the way to
 * 2027). Such a date is shown but not passed on until its year has four digits or the field is
 * left, so nothing downstream (an end date that follows, a rule, a query) acts on half a year.
 */
const FIRST_WHOLE_YEAR = 1000;
const partial = (d: { year: number } | null | undefined) => !!d && d.year < FIRST_WHOLE_YEAR;

function useWholeDates<V>(value: V, onChange: (value: V) => void) {
  // What is being typed, and over which value: a new value from outside replaces it.
  const [typing, setTyping] = useState<{ over: V; shown: V } | null>(null);
  const current = typing && typing.over === value ? typing : null;
  return {
    shown: current ? current.shown : value,
    change(next: V, whole: boolean) {
      if (!whole) {
        setTyping({ over: value, shown: next });
        return;
      }
      setTyping(null);
      onChange(next);
    },
    leave() {
      if (!current) return;
      setTyping(null);
      onChange(current.shown);
    },
  };
}

type FieldState = NonNullable<React.ContextType<typeof DateFieldStateContext>>;
type ShownSegment = Parameters<typeof DateSegment>[0]['segment'];

/** The date the segments show once each is typed whole (`YYYY-MM-DD`, possibly a day its month lacks), or null. */
function shownDate(state: FieldState): string | null {
  const part = (type: string) => state.segments.find((s) => s.type === type);
  const [y, m, d] = [part('year'), part('month'), part('day')];
  if (!y || !m || !d || y.isPlaceholder || m.isPlaceholder || d.isPlaceholder || partial({ year: y.value ?? 0 }))
    return null;
  const pad = (n: number | null | undefined, width: number) => String(n ?? 0).padStart(width, '0');
  return `${pad(y.value, 4)}-${pad(m.value, 2)}-${pad(d.value, 2)}`;
}

/**
 * react-aria moves a day its month lacks (30 February) to the month's last day when the field is
 * left. A date a person typed is never changed without a word: such a day stays as typed, and the
 * field says why it cannot be (the rulebook's words, in the page's language) until it is mended.
 */
const kept = new WeakSet<FieldState>();
function keepTypedDay(state: FieldState) {
  if (kept.has(state)) return;
  kept.add(state);
  const confirm = state.confirmPlaceholder.bind(state);
  state.confirmPlaceholder = () => {
    const shown = shownDate(state);
    if (!shown || !impossibleDate(shown)) confirm();
  };
}

/** Why a day its month lacks cannot be ("Februar 2027 hat 28 Tage"), in the page's language; null for any other value. */
function useImpossibleWords(): (value: string) => string | null {
  const format = useFormatMessage();
  return (value) => {
    const words = impossibleDateValue(value);
    return words && say(format, words);
  };
}

/** Told by each date field of a picker what its segments show now (`start` or `end` in a range). */
const ShownDateContext = createContext<(shown: string | null, slot: 'start' | 'end' | undefined) => void>(() => {});

function Segment({ segment, slot }: { segment: ShownSegment; slot?: 'start' | 'end' }) {
  const state = useContext(DateFieldStateContext);
  const report = useContext(ShownDateContext);
  if (state) keepTypedDay(state);
  const shown = state && segment.type === 'day' ? shownDate(state) : null;
  const reports = segment.type === 'day';
  useEffect(() => {
    if (reports) report(shown, slot);
  }, [reports, shown, slot, report]);
  return <DateSegment segment={segment} className="segment" />;
}

const segments = (segment: ShownSegment) => <Segment segment={segment} />;
const rangeSegments = (slot: 'start' | 'end') => (segment: ShownSegment) => <Segment segment={segment} slot={slot} />;

function CalendarButton() {
  const intl = useIntl();
  return (
    <AriaButton className="button quiet calendar-button" aria-label={intl.formatMessage(MESSAGES.openCalendar)}>
      <span aria-hidden="true">{CALENDAR}</span>
    </AriaButton>
  );
}

/** The calendar in its popover: one month, or a range. */
function CalendarPopover({ range }: { range?: boolean }) {
  const grid = (
    <CalendarGrid className="calendar-grid">{(date) => <CalendarCell date={date} className="day" />}</CalendarGrid>
  );
  return (
    <Popover className="popover">
      <Dialog className="calendar-popover">
        {range ? (
          <RangeCalendar>
            <CalendarHeader />
            {grid}
          </RangeCalendar>
        ) : (
          <Calendar>
            <CalendarHeader />
            {grid}
          </Calendar>
        )}
      </Dialog>
    </Popover>
  );
}

function CalendarHeader() {
  const intl = useIntl();
  return (
    <header className="calendar-head">
      <AriaButton slot="previous" className="button quiet" aria-label={intl.formatMessage(MESSAGES.previousMonth)}>
        <Pointing mark={PREVIOUS} />
      </AriaButton>
      <Heading />
      <AriaButton slot="next" className="button quiet" aria-label={intl.formatMessage(MESSAGES.nextMonth)}>
        <Pointing mark={NEXT} />
      </AriaButton>
    </header>
  );
}

export interface DatePickerProps extends FieldProps {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  minValue?: string;
  className?: string;
}

/**
 * The date the picker is given: the value as a calendar date, or while the value is a day its month
 * lacks (held by the form as typed, so the rulebook refuses it in words), the last real date it had,
 * so react-aria keeps showing what was typed rather than starting the field again.
 */
function usePickerDate(value: string, impossible: boolean): CalendarDate | null {
  const [last, setLast] = useState<CalendarDate | null>(null);
  if (impossible) return last;
  const date = toDate(value);
  if (date?.toString() !== last?.toString()) setLast(date);
  return date;
}

/** A date typed by its parts or picked from a calendar; the value is a plain date, no time zone. */
export function DatePicker({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  minValue,
  className,
}: DatePickerProps) {
  const typed = useWholeDates(value, onChange);
  const impossibleWords = useImpossibleWords();
  const impossible = impossibleWords(typed.shown);
  const date = usePickerDate(typed.shown, !!impossible);
  // What the segments show, once whole, is the form's value even when it is no date (30 February);
  // when a part of it is cleared again, so is the value it stood for.
  const shown = (next: string | null) => {
    if (next && impossibleDate(next)) {
      if (next !== typed.shown) onChange(next);
    } else if (impossibleDate(typed.shown)) {
      onChange(next ?? '');
    }
  };
  return (
    <ShownDateContext.Provider value={shown}>
      <AriaDatePicker
        value={date}
        onChange={(d) => typed.change(d ? d.toString() : '', !partial(d))}
        onBlur={typed.leave}
        minValue={minValue ? toDate(minValue) : undefined}
        isInvalid={!!(impossible ?? error)}
        isRequired={isRequired}
        validationBehavior="aria"
        className={['field', className].filter(Boolean).join(' ')}
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Group className="date-group">
          <DateInput className="date-input">{segments}</DateInput>
          <CalendarButton />
        </Group>
        <FieldHelp description={description} error={impossible ?? error} />
        <CalendarPopover />
      </AriaDatePicker>
    </ShownDateContext.Provider>
  );
}

export interface DateRangePickerProps extends FieldProps {
  value: { start: string; end: string };
  onChange: (value: { start: string; end: string }) => void;
  className?: string;
}

/**
 * From one date to another, typed or picked in one calendar. A day its month lacks, typed in either
 * end, is refused beside the field and the range stays as it was until it is mended.
 */
export function DateRangePicker({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  className,
}: DateRangePickerProps) {
  const typed = useWholeDates(value, onChange);
  const impossibleWords = useImpossibleWords();
  const [impossible, setImpossible] = useState<{ start?: string | null; end?: string | null }>({});
  const start = toDate(typed.shown.start);
  const end = toDate(typed.shown.end);
  const shown = (next: string | null, slot: 'start' | 'end' | undefined) =>
    setImpossible((was) => ({ ...was, [slot ?? 'start']: next && impossibleWords(next) }));
  const refusal = impossible.start ?? impossible.end ?? null;
  return (
    <ShownDateContext.Provider value={shown}>
      <AriaDateRangePicker
        value={start && end ? { start, end } : null}
        onChange={(r) =>
          typed.change(
            r ? { start: r.start.toString(), end: r.end.toString() } : { start: '', end: '' },
            !partial(r?.start) && !partial(r?.end),
          )
        }
        onBlur={typed.leave}
        isInvalid={!!(refusal ?? error)}
        isRequired={isRequired}
        validationBehavior="aria"
        className={['field', className].filter(Boolean).join(' ')}
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Group className="date-group">
          <DateInput slot="start" className="date-input">
            {rangeSegments('start')}
          </DateInput>
          <span aria-hidden="true">{EN_DASH}</span>
          <DateInput slot="end" className="date-input">
            {rangeSegments('end')}
          </DateInput>
          <CalendarButton />
        </Group>
        <FieldHelp description={description} error={refusal ?? error} />
        <CalendarPopover range />
      </AriaDateRangePicker>
    </ShownDateContext.Provider>
  );
}

import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
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
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

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
const partial = (d: CalendarDate | null | undefined) => !!d && d.year < FIRST_WHOLE_YEAR;

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

const segments = (segment: Parameters<typeof DateSegment>[0]['segment']) => (
  <DateSegment segment={segment} className="segment" />
);

function CalendarButton() {
  return (
    <AriaButton className="button quiet calendar-button" aria-label="Open calendar">
      <span aria-hidden="true">▦</span>
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
  return (
    <header className="calendar-head">
      <AriaButton slot="previous" className="button quiet" aria-label="Previous month">
        ‹
      </AriaButton>
      <Heading />
      <AriaButton slot="next" className="button quiet" aria-label="Next month">
        ›
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
  return (
    <AriaDatePicker
      value={toDate(typed.shown)}
      onChange={(d) => typed.change(d ? d.toString() : '', !partial(d))}
      onBlur={typed.leave}
      minValue={minValue ? toDate(minValue) : undefined}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Group className="date-group">
        <DateInput className="date-input">{segments}</DateInput>
        <CalendarButton />
      </Group>
      <FieldHelp description={description} error={error} />
      <CalendarPopover />
    </AriaDatePicker>
  );
}

export interface DateRangePickerProps extends FieldProps {
  value: { start: string; end: string };
  onChange: (value: { start: string; end: string }) => void;
  className?: string;
}

/** From one date to another, typed or picked in one calendar. */
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
  const start = toDate(typed.shown.start);
  const end = toDate(typed.shown.end);
  return (
    <AriaDateRangePicker
      value={start && end ? { start, end } : null}
      onChange={(r) =>
        typed.change(
          r ? { start: r.start.toString(), end: r.end.toString() } : { start: '', end: '' },
          !partial(r?.start) && !partial(r?.end),
        )
      }
      onBlur={typed.leave}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Group className="date-group">
        <DateInput slot="start" className="date-input">
          {segments}
        </DateInput>
        <span aria-hidden="true">–</span>
        <DateInput slot="end" className="date-input">
          {segments}
        </DateInput>
        <CalendarButton />
      </Group>
      <FieldHelp description={description} error={error} />
      <CalendarPopover range />
    </AriaDateRangePicker>
  );
}

import { parseDate, type CalendarDate } from '@internationalized/date';
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
  return (
    <AriaDatePicker
      value={toDate(value)}
      onChange={(d) => onChange(d ? d.toString() : '')}
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
  const start = toDate(value.start);
  const end = toDate(value.end);
  return (
    <AriaDateRangePicker
      value={start && end ? { start, end } : null}
      onChange={(r) => onChange(r ? { start: r.start.toString(), end: r.end.toString() } : { start: '', end: '' })}
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

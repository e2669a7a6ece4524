import { defineMessage, type IntlShape, type MessageTag } from 'react-intl';
import type { LeaveSpanInput } from '@shared/rules';
import { dayText, formatLocale, rangeText } from '@renderer/i18n/dates';
import type { LeaveBalance, LeaveStatus, LeaveType } from '@shared/wire';

/**
 * What a counted type gives in its leave year: the allowance, the days carried over and every
 * adjustment. "Of" means this figure wherever a balance is shown, and the ledger sums it up.
 */
export const availableDays = (b: Pick<LeaveBalance, 'allowance' | 'carriedOver' | 'adjustments'>) =>
  b.allowance + b.carriedOver + b.adjustments;

/** "22 days left of 27": the one wording of a balance, its figure in <strong> (on its card; plain in the team's table). */
export const LEFT_OF = defineMessage<{
  left: string;
  count: number;
  available: string;
  strong: MessageTag;
}>({
  id: 'leave.balance.leftOf',
  defaultMessage: '<strong>{left}</strong> {count, plural, one {day} other {days}} left of {available}',
});

const DAYS = defineMessage<{ count: number; days: string }>({
  id: 'leave.days',
  defaultMessage: '{count, plural, one {{days} day} other {{days} days}}',
});

/** A number of days as the locale writes it: "2.5", "2,5", "−1" (a true minus sign, as the rulebook writes it). */
const dayCounts = new Map<string, Intl.NumberFormat>();
export function daysNumber(intl: IntlShape, days: number): string {
  const rounded = Math.round(days * 100) / 100;
  const locale = formatLocale(intl.locale);
  let format = dayCounts.get(locale);
  if (!format) dayCounts.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  const text = format.format(Math.abs(rounded));
  return rounded < 0 ? `−${text}` : text;
}

/** "1 day", "2.5 days", "2,5 Tage", "1,5 jour". */
export const daysText = (intl: IntlShape, days: number): string =>
  intl.formatMessage(DAYS, { count: Math.abs(days), days: daysNumber(intl, days) });

/** The values of LEFT_OF for a balance: its figures as the locale writes them. */
export function leftOfValues(
  intl: IntlShape,
  b: Pick<LeaveBalance, 'allowance' | 'carriedOver' | 'adjustments' | 'remaining'>,
) {
  const left = b.remaining ?? 0;
  return { left: daysNumber(intl, left), count: Math.abs(left), available: daysNumber(intl, availableDays(b)) };
}

export const LEAVE_TYPE_IDS: readonly LeaveType[] = [
  'ANNUAL',
  'SICK',
  'UNPAID',
  'MATERNITY',
  'PATERNITY',
  'BEREAVEMENT',
  'OTHER',
];

/** A type's short name, as a list, a column or a choice gives it: "Annual", … "Other". */
export const LEAVE_TYPE_SHORT = defineMessage<{ type: LeaveType }>({
  id: 'leave.typeShort',
  defaultMessage:
    '{type, select, ANNUAL {Annual} SICK {Sick} UNPAID {Unpaid} MATERNITY {Maternity} PATERNITY {Paternity} BEREAVEMENT {Bereavement} other {Other}}',
});

/** A type as the head of a phrase names it: "Annual leave", … "Other leave". */
export const LEAVE_KIND = defineMessage<{ type: LeaveType }>({
  id: 'leave.kind',
  defaultMessage:
    '{type, select, ANNUAL {Annual leave} SICK {Sick leave} UNPAID {Unpaid leave} MATERNITY {Maternity leave} PATERNITY {Paternity leave} BEREAVEMENT {Bereavement leave} other {Other leave}}',
});

/** A type within a sentence: "annual leave", … "other leave". */
export const LEAVE_KIND_IN_SENTENCE = defineMessage<{ type: LeaveType }>({
  id: 'leave.kind.inSentence',
  defaultMessage:
    '{type, select, ANNUAL {annual leave} SICK {sick leave} UNPAID {unpaid leave} MATERNITY {maternity leave} PATERNITY {paternity leave} BEREAVEMENT {bereavement leave} other {other leave}}',
});

/** A request's status, as its badge says it. */
export const LEAVE_STATUS = defineMessage<{ status: LeaveStatus }>({
  id: 'leave.status',
  defaultMessage: '{status, select, PENDING {Pending} APPROVED {Approved} REJECTED {Rejected} other {{status}}}',
});

export const typeName = (intl: IntlShape, type: LeaveType) => intl.formatMessage(LEAVE_TYPE_SHORT, { type });
export const kindName = (intl: IntlShape, type: LeaveType) => intl.formatMessage(LEAVE_KIND, { type });
export const kindInSentence = (intl: IntlShape, type: LeaveType) =>
  intl.formatMessage(LEAVE_KIND_IN_SENTENCE, { type });
export const statusName = (intl: IntlShape, status: LeaveStatus) => intl.formatMessage(LEAVE_STATUS, { status });

/** Every type as a choice in a list, by its short name. */
export const leaveTypeItems = (intl: IntlShape) => LEAVE_TYPE_IDS.map((id) => ({ id, name: typeName(intl, id) }));

/**
 * The types' and statuses' English names, for the calendar until it formats LEAVE_TYPE_SHORT and
 * LEAVE_STATUS itself (its own conversion); nothing in this feature uses them.
 */
export const LEAVE_TYPES: { id: LeaveType; name: string }[] = [
  { id: 'ANNUAL', name: 'Annual' },
  { id: 'SICK', name: 'Sick' },
  { id: 'UNPAID', name: 'Unpaid' },
  { id: 'MATERNITY', name: 'Maternity' },
  { id: 'PATERNITY', name: 'Paternity' },
  { id: 'BEREAVEMENT', name: 'Bereavement' },
  { id: 'OTHER', name: 'Other' },
];
/** Labels more than one form, filter or table gives (Approvals too). */
export const LEAVE_LABELS = {
  type: defineMessage({ id: 'leave.label.type', defaultMessage: 'Type' }),
  leaveYear: defineMessage({ id: 'leave.label.leaveYear', defaultMessage: 'Leave year' }),
  reason: defineMessage({ id: 'leave.label.reason', defaultMessage: 'Reason' }),
  status: defineMessage({ id: 'leave.label.status', defaultMessage: 'Status' }),
  year: defineMessage({ id: 'leave.label.year', defaultMessage: 'Year' }),
  dates: defineMessage({ id: 'leave.label.dates', defaultMessage: 'Dates' }),
  workingDays: defineMessage({ id: 'leave.label.workingDays', defaultMessage: 'Working days' }),
  notes: defineMessage({ id: 'leave.label.notes', defaultMessage: 'Notes' }),
  department: defineMessage({ id: 'leave.label.department', defaultMessage: 'Department' }),
  person: defineMessage({ id: 'leave.label.person', defaultMessage: 'Person' }),
  allDepartments: defineMessage({ id: 'leave.label.allDepartments', defaultMessage: 'All departments' }),
};

/** The reason given with a decision, quoted. */
export const REVIEW_COMMENT = defineMessage<{ comment: string }>({
  id: 'leave.reviewComment',
  defaultMessage: '“{comment}”',
});

/** A request in words, for its controls' names and the toasts: "Annual leave, 3–5 March". */
export const REQUEST_WHAT = defineMessage<{ leave: string; dates: string }>({
  id: 'leave.request.what',
  defaultMessage: '{leave}, {dates}',
});
export const requestWhat = (intl: IntlShape, l: LeaveSpanInput & { type: LeaveType }) =>
  intl.formatMessage(REQUEST_WHAT, { leave: kindName(intl, l.type), dates: span(intl, l) });

/** "3 working days". */
export const WORKING_DAYS = defineMessage<{ count: number }>({
  id: 'leave.workingDays',
  defaultMessage: '{count, plural, one {# working day} other {# working days}}',
});

const ONE_DAY = defineMessage<{ day: string; half: string }>({
  id: 'leave.span.oneDay',
  defaultMessage: '{day}{half, select, MORNING { morning} AFTERNOON { afternoon} other {}}',
});
const HALVES = defineMessage<{ start: string; startHalf: string; end: string; endHalf: string }>({
  id: 'leave.span.halves',
  defaultMessage:
    '{start}{startHalf, select, AFTERNOON { afternoon} other {}} – {end}{endHalf, select, MORNING { morning} other {}}',
});

/** A request's dates as the locale writes them, its half days said: "Mon 25 – Tue 26 Jan 2027", "Fri 6 Mar 2026 afternoon". */
export function span(intl: IntlShape, dates: LeaveSpanInput): string {
  const first = dates.startDate.slice(0, 10);
  const last = dates.endDate.slice(0, 10);
  if (first === last) {
    const half = dates.startPart === 'AFTERNOON' ? 'AFTERNOON' : (dates.endPart ?? 'FULL');
    return intl.formatMessage(ONE_DAY, { day: dayText(intl, first), half });
  }
  if ((dates.startPart ?? 'FULL') === 'FULL' && (dates.endPart ?? 'FULL') === 'FULL')
    return rangeText(intl, first, last);
  return intl.formatMessage(HALVES, {
    start: dayText(intl, first),
    startHalf: dates.startPart ?? 'FULL',
    end: dayText(intl, last),
    endHalf: dates.endPart ?? 'FULL',
  });
}

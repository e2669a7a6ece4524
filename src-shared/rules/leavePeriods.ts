import { dateOnly } from '../calendar/dates';
import { formatEnglish } from '../i18n/english';
import { say, type FormatMessage, type MessageRef } from '../i18n/format';
import type { LeaveType } from '../wire/enums';
import type { BlockedPeriodFields, LeavePolicy } from '../wire/balances';
import { defineMessage } from '@formatjs/intl';
import { issue, type FieldIssue } from './fieldIssue';
import type { LeaveDatesInput } from './leaveRules';

/** Dates when nobody may be away (a year-end close): for the types named, or every counted type. */
export type BlockedPeriod = BlockedPeriodFields;

const M = {
  period: defineMessage<{
    shape: 'day' | 'month' | 'year' | 'years';
    startDay: number;
    startMonth: number;
    startYear: string;
    endDay: number;
    endMonth: number;
    endYear: string;
  }>({
    id: 'rules.leave.period',
    defaultMessage:
      '{shape, select, day {{startDay} {startMonth, date, ::MMMM}} month {{startDay} to {endDay} {endMonth, date, ::MMMM}} year {{startDay} {startMonth, date, ::MMMM} to {endDay} {endMonth, date, ::MMMM}} other {{startDay} {startMonth, date, ::MMMM} {startYear} to {endDay} {endMonth, date, ::MMMM} {endYear}}}',
  }),
  named: defineMessage<{ reason: string; period: string }>({
    id: 'rules.leave.blockedPeriod',
    defaultMessage: '{reason}, {period}',
  }),
  blocked: defineMessage<{ reason: string; period: string; type: LeaveType }>({
    id: 'rules.leave.blocked',
    defaultMessage:
      '{reason}, {period}: no {type, select, ANNUAL {annual leave} SICK {sick leave} UNPAID {unpaid leave} MATERNITY {maternity leave} PATERNITY {paternity leave} BEREAVEMENT {bereavement leave} other {leave}}',
  }),
};

/** A period's dates as a value of an issue ("22 to 31 December", "22. bis 31. Dezember"). */
function periodValue(startDate: string, endDate: string): MessageRef {
  const start = dateOnly(startDate);
  const end = dateOnly(endDate);
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  // Mid-month at noon: the month is the same wherever its name is told.
  const month = (y: number, m: number) => Date.UTC(y, m - 1, 15, 12);
  const shape = start === end ? 'day' : sy !== ey ? 'years' : sm !== em ? 'year' : 'month';
  return {
    id: M.period.id,
    values: {
      shape,
      startDay: sd,
      startMonth: month(sy, sm),
      startYear: String(sy),
      endDay: ed,
      endMonth: month(ey, em),
      endYear: String(ey),
    },
  };
}

/** "22 to 31 December", "30 November to 4 December", "28 December 2026 to 3 January 2027", "24 December" (English unless told). */
export const periodWords = (startDate: string, endDate: string, format: FormatMessage = formatEnglish): string =>
  say(format, periodValue(startDate, endDate));

/** "The year-end close, 22 to 31 December": a blocked period as people name it (English unless told). */
export const blockedWords = (p: BlockedPeriod, format: FormatMessage = formatEnglish): string =>
  format(M.named.id, { reason: p.reason, period: periodWords(p.startDate, p.endDate, format) });

/** The first of a policy's blocked periods a request of this type on these dates touches, or null. */
export function blockingPeriod(
  dates: LeaveDatesInput,
  type: LeaveType,
  policy: Pick<LeavePolicy, 'blockedPeriods' | 'types'>,
): BlockedPeriod | null {
  if (!policy.blockedPeriods.length) return null;
  const counted = policy.types.filter((t) => t.counted).map((t) => t.type);
  const start = dateOnly(dates.startDate);
  const end = dateOnly(dates.endDate);
  return (
    policy.blockedPeriods.find(
      (p) => (p.types ?? counted).includes(type) && dateOnly(p.startDate) <= end && dateOnly(p.endDate) >= start,
    ) ?? null
  );
}

/** The refusal of a request over a blocked period: "The year-end close, 22 to 31 December: no annual leave". */
export function blockedIssue(period: BlockedPeriod, type: LeaveType): FieldIssue {
  return issue('startDate', M.blocked, {
    reason: period.reason,
    period: periodValue(period.startDate, period.endDate),
    type,
  });
}

/** The refusal a policy's blocked periods give a request, or null. */
export function blockedIssueOf(
  dates: LeaveDatesInput,
  type: LeaveType,
  policy: Pick<LeavePolicy, 'blockedPeriods' | 'types'>,
): FieldIssue | null {
  const period = blockingPeriod(dates, type, policy);
  return period && blockedIssue(period, type);
}

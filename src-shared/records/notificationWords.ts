import { defineMessage } from '@formatjs/intl';
import { dateOnly } from '../calendar/dates';
import { formatEnglish } from '../i18n/english';
import { say, type FormatMessage, type MessageRef, type MessageValue } from '../i18n/format';
import { regionOf } from '../i18n/locales';
import { LEAVE_TYPE_NAME } from '../i18n/sharedMessages';
import type { LeaveSpanInput } from '../rules/leaveRules';
import type { LeaveDecision, LeaveType } from '../wire/enums';

// What a notification says, kept as messages with their values: each reader sees it in their
// language (the app, a mail), and its English is stored beside for clients that read only words.

/** A notification's title and body as messages. */
export interface NotificationWords {
  title: MessageRef;
  body: MessageRef;
}

const M = {
  span: defineMessage<{ oneDay: string; start: string; end: string; startHalf: string; endHalf: string }>({
    id: 'notification.span',
    defaultMessage:
      '{oneDay, select, yes {{end}{endHalf, select, MORNING { morning} AFTERNOON { afternoon} other {}}} other {{start}{startHalf, select, AFTERNOON { afternoon} other {}} to {end}{endHalf, select, MORNING { morning} other {}}}}',
  }),
  leave: defineMessage<{ type: string; span: string; days: number }>({
    id: 'notification.leave',
    defaultMessage: '{type}, {span} ({days, plural, one {# working day} other {# working days}})',
  }),
  submitted: defineMessage<{ name: string }>({
    id: 'notification.leaveSubmitted',
    defaultMessage: 'Leave request from {name}',
  }),
  recorded: defineMessage<{ name: string }>({
    id: 'notification.leaveRecorded',
    defaultMessage: 'Leave recorded for you by {name}',
  }),
  decided: defineMessage<{ status: string }>({
    id: 'notification.leaveDecided',
    defaultMessage: '{status, select, APPROVED {Leave approved} other {Leave rejected}}',
  }),
  decidedWith: defineMessage<{ leave: string; status: string; comment: string }>({
    id: 'notification.leaveDecidedWith',
    defaultMessage: '{leave}. {status, select, APPROVED {Approved} other {Rejected}} with: “{comment}”',
  }),
  expiring: defineMessage({ id: 'notification.trainingExpiring', defaultMessage: 'Training expiring soon' }),
  expiringBody: defineMessage<{ name: string; date: string; days: number }>({
    id: 'notification.trainingExpiring.body',
    defaultMessage: '“{name}” expires on {date} (in {days, plural, one {# day} other {# days}}).',
  }),
  formAssigned: defineMessage<{ title: string }>({
    id: 'notification.formAssigned',
    defaultMessage: 'New form: {title}',
  }),
  formAssignedBody: defineMessage<{ closes: string }>({
    id: 'notification.formAssigned.body',
    defaultMessage: '{closes, select, none {Please answer when you can.} other {Please answer by {closes}.}}',
  }),
};

/** A request's dates: "2026-03-02 to 2026-03-06", "2026-03-06 afternoon", "… afternoon to … morning". */
function spanOf(span: LeaveSpanInput): MessageRef {
  const start = dateOnly(span.startDate);
  const end = dateOnly(span.endDate);
  const oneDay = start === end;
  return {
    id: M.span.id,
    values: {
      oneDay: oneDay ? 'yes' : 'no',
      start,
      end,
      startHalf: span.startPart ?? 'FULL',
      // One day taken in its afternoon says so after its date.
      endHalf: oneDay && span.startPart === 'AFTERNOON' ? 'AFTERNOON' : (span.endPart ?? 'FULL'),
    },
  };
}

/** "Annual leave, 2026-03-06 afternoon (0.5 working days)". */
function leaveOf(type: LeaveType, span: LeaveSpanInput, days: number): MessageRef {
  return { id: M.leave.id, values: { type: { id: LEAVE_TYPE_NAME.id, values: { type } }, span: spanOf(span), days } };
}

export const leaveSubmittedWords = (
  owner: string,
  type: LeaveType,
  span: LeaveSpanInput,
  days: number,
): NotificationWords => ({
  title: { id: M.submitted.id, values: { name: owner } },
  body: leaveOf(type, span, days),
});

export const leaveRecordedWords = (
  recorder: string,
  type: LeaveType,
  span: LeaveSpanInput,
  days: number,
): NotificationWords => ({
  title: { id: M.recorded.id, values: { name: recorder } },
  body: leaveOf(type, span, days),
});

export function leaveDecidedWords(
  status: LeaveDecision,
  leave: LeaveSpanInput & { type: LeaveType; days: number },
  comment: string | null,
): NotificationWords {
  const described = leaveOf(leave.type, leave, leave.days);
  return {
    title: { id: M.decided.id, values: { status } },
    body: comment ? { id: M.decidedWith.id, values: { leave: described, status, comment } } : described,
  };
}

export const trainingExpiringWords = (name: string, expiryDate: string, days: number): NotificationWords => ({
  title: { id: M.expiring.id },
  body: { id: M.expiringBody.id, values: { name, date: dateOnly(expiryDate), days } },
});

export const formAssignedWords = (title: string, closeDate: string | null): NotificationWords => ({
  title: { id: M.formAssigned.id, values: { title } },
  body: { id: M.formAssignedBody.id, values: { closes: closeDate ? dateOnly(closeDate) : 'none' } },
});

/** A notification's stored words: its English (title and body) and its messages beside its data (`data.words`). */
export function storedWords<D extends object>(
  words: NotificationWords,
  data: D,
): { title: string; body: string; data: D & { words: NotificationWords } } {
  return { title: say(formatEnglish, words.title), body: say(formatEnglish, words.body), data: { ...data, words } };
}

// The values of each message that hold a day (`YYYY-MM-DD`): they are stored as days, every reader
// writing them as their own locale does.
const DAY_VALUES: Record<string, readonly string[]> = {
  [M.span.id]: ['start', 'end'],
  [M.expiringBody.id]: ['date'],
  [M.formAssignedBody.id]: ['closes'],
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored message with each of its days (and its inner messages' days) as `writeDay` writes them. */
function daysWritten(ref: MessageRef, writeDay: (day: string) => string): MessageRef {
  if (!ref.values) return ref;
  const days = DAY_VALUES[ref.id] ?? [];
  const values: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(ref.values)) {
    values[name] =
      typeof value === 'object'
        ? daysWritten(value, writeDay)
        : typeof value === 'string' && days.includes(name) && DAY.test(value)
          ? writeDay(value)
          : value;
  }
  return { id: ref.id, values };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * How a reader of `locale` writes a day in a notification: "10 Mar 2026", "Mar 10, 2026" (en-US),
 * "10. März 2026", "10 mars 2026". A language alone takes its usual region (English: British).
 */
export function dayWriter(locale: string): (day: string) => string {
  const tag = regionOf(locale);
  let format = dayFormats.get(tag);
  if (!format)
    dayFormats.set(
      tag,
      (format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })),
    );
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A notification as its reader reads it: its messages in `format`'s language, their days as
 * `writeDay` writes them (the reader's locale); else its stored English.
 */
export function notificationText(
  format: FormatMessage,
  n: { title: string; body: string; data: { words?: NotificationWords | undefined } },
  writeDay: (day: string) => string,
): { title: string; body: string } {
  const words = n.data.words;
  return words
    ? { title: say(format, daysWritten(words.title, writeDay)), body: say(format, daysWritten(words.body, writeDay)) }
    : { title: n.title, body: n.body };
}

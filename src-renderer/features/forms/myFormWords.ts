import { defineMessage, type IntlShape } from 'react-intl';
import type { MyForm } from '@shared/appApi';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const UTC_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export const dateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const date = (iso: string) => DATE.format(new Date(iso));
/** The day an anonymous answer keeps (midnight UTC stands for the whole day, wherever it is read). */
export const utcDay = (iso: string) => UTC_DAY.format(new Date(iso));
export const time = (iso: string) => TIME.format(new Date(iso));

export type StateTone = 'todo' | 'draft' | 'waiting' | 'problem' | 'done' | 'off';

const MESSAGES = {
  sentMayAnswerAgain: defineMessage<{ date: string }>({
    id: 'forms.state.sentMayAnswerAgain',
    defaultMessage: 'Sent {date} · you may answer again',
  }),
  toAnswer: defineMessage({ id: 'forms.state.toAnswer', defaultMessage: 'To answer' }),
  draft: defineMessage<{ dateTime: string }>({ id: 'forms.state.draft', defaultMessage: 'Draft saved {dateTime}' }),
  waiting: defineMessage({ id: 'forms.state.waiting', defaultMessage: 'Waiting to send' }),
  refused: defineMessage<{ reason: string }>({ id: 'forms.state.refused', defaultMessage: 'Not accepted: {reason}' }),
  refusedNoReason: defineMessage({
    id: 'forms.state.refused.noReason',
    defaultMessage: 'Not accepted: the service refused these answers',
  }),
  sentOn: defineMessage<{ date: string }>({ id: 'forms.state.sentOn', defaultMessage: 'Sent {date}' }),
  sent: defineMessage({ id: 'forms.state.sent', defaultMessage: 'Sent' }),
  closedOn: defineMessage<{ date: string }>({ id: 'forms.state.closedOn', defaultMessage: 'Closed on {date}' }),
  closed: defineMessage({ id: 'forms.state.closed', defaultMessage: 'Closed' }),
  full: defineMessage({ id: 'forms.state.full', defaultMessage: 'Full: it takes no more answers' }),
  opensOn: defineMessage<{ date: string }>({ id: 'forms.state.opensOn', defaultMessage: 'Opens on {date}' }),
  notOpen: defineMessage({ id: 'forms.state.notOpen', defaultMessage: 'Not open yet' }),
};

/** Where a form sent to me stands, in words, and the colour it is shown in. */
export function stateWords(f: MyForm, intl: IntlShape): { text: string; tone: StateTone } {
  const say = intl.formatMessage;
  switch (f.state) {
    case 'open':
      return f.sentAt
        ? { text: say(MESSAGES.sentMayAnswerAgain, { date: date(f.sentAt) }), tone: 'todo' }
        : { text: say(MESSAGES.toAnswer), tone: 'todo' };
    case 'draft':
      return { text: say(MESSAGES.draft, { dateTime: dateTime(f.draftSavedAt!) }), tone: 'draft' };
    case 'waiting':
      return { text: say(MESSAGES.waiting), tone: 'waiting' };
    case 'refused':
      return {
        text: f.refusal !== null ? say(MESSAGES.refused, { reason: f.refusal }) : say(MESSAGES.refusedNoReason),
        tone: 'problem',
      };
    case 'sent':
      return { text: f.sentAt ? say(MESSAGES.sentOn, { date: date(f.sentAt) }) : say(MESSAGES.sent), tone: 'done' };
    case 'closed':
      return {
        text: f.closeDate ? say(MESSAGES.closedOn, { date: date(f.closeDate) }) : say(MESSAGES.closed),
        tone: 'off',
      };
    case 'full':
      return { text: say(MESSAGES.full), tone: 'off' };
    case 'notOpen':
      return {
        text: f.openDate ? say(MESSAGES.opensOn, { date: date(f.openDate) }) : say(MESSAGES.notOpen),
        tone: 'off',
      };
  }
}

/** Whether I can answer (or finish answering) the form now. */
export const answerable = (f: MyForm) => f.state === 'open' || f.state === 'draft' || f.state === 'refused';

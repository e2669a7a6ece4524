import { defineMessage, type IntlShape } from 'react-intl';
import type { MyForm } from '@shared/appApi';
import { dateText, dateTimeText, momentDateText } from '@renderer/i18n/dates';

/**
 * When an answer was sent, as its reader may know it: the day alone for an anonymous form's answers
 * (they keep only the day, its midnight UTC standing for it wherever it is read), else the day and time.
 */
export const answeredWhen = (intl: IntlShape, iso: string, anonymous: boolean) =>
  anonymous ? dateText(intl, iso) : dateTimeText(intl, iso);

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
        ? { text: say(MESSAGES.sentMayAnswerAgain, { date: momentDateText(intl, f.sentAt) }), tone: 'todo' }
        : { text: say(MESSAGES.toAnswer), tone: 'todo' };
    case 'draft':
      return { text: say(MESSAGES.draft, { dateTime: dateTimeText(intl, f.draftSavedAt!) }), tone: 'draft' };
    case 'waiting':
      return { text: say(MESSAGES.waiting), tone: 'waiting' };
    case 'refused':
      return {
        text: f.refusal !== null ? say(MESSAGES.refused, { reason: f.refusal }) : say(MESSAGES.refusedNoReason),
        tone: 'problem',
      };
    case 'sent':
      return {
        text: f.sentAt ? say(MESSAGES.sentOn, { date: momentDateText(intl, f.sentAt) }) : say(MESSAGES.sent),
        tone: 'done',
      };
    case 'closed':
      return {
        text: f.closeDate ? say(MESSAGES.closedOn, { date: dateText(intl, f.closeDate) }) : say(MESSAGES.closed),
        tone: 'off',
      };
    case 'full':
      return { text: say(MESSAGES.full), tone: 'off' };
    case 'notOpen':
      return {
        text: f.openDate ? say(MESSAGES.opensOn, { date: dateText(intl, f.openDate) }) : say(MESSAGES.notOpen),
        tone: 'off',
      };
  }
}

/** Whether I can answer (or finish answering) the form now. */
export const answerable = (f: MyForm) => f.state === 'open' || f.state === 'draft' || f.state === 'refused';

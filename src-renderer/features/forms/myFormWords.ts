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

/** Where a form sent to me stands, in words, and the colour it is shown in. */
export function stateWords(f: MyForm): { text: string; tone: StateTone } {
  switch (f.state) {
    case 'open':
      return f.sentAt
        ? { text: `Sent ${date(f.sentAt)} · you may answer again`, tone: 'todo' }
        : { text: 'To answer', tone: 'todo' };
    case 'draft':
      return { text: `Draft saved ${dateTime(f.draftSavedAt!)}`, tone: 'draft' };
    case 'waiting':
      return { text: 'Waiting to send', tone: 'waiting' };
    case 'refused':
      return { text: `Not accepted: ${f.refusal ?? 'the service refused these answers'}`, tone: 'problem' };
    case 'sent':
      return { text: f.sentAt ? `Sent ${date(f.sentAt)}` : 'Sent', tone: 'done' };
    case 'closed':
      return { text: f.closeDate ? `Closed on ${date(f.closeDate)}` : 'Closed', tone: 'off' };
    case 'full':
      return { text: 'Full: it takes no more answers', tone: 'off' };
    case 'notOpen':
      return { text: f.openDate ? `Opens on ${date(f.openDate)}` : 'Not open yet', tone: 'off' };
  }
}

/** Whether I can answer (or finish answering) the form now. */
export const answerable = (f: MyForm) => f.state === 'open' || f.state === 'draft' || f.state === 'refused';

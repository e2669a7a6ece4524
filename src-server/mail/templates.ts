import { defineMessage } from '@formatjs/intl';
import type { FormatMessage } from '@shared/i18n/format';

// What the service's mails say: plain text, a greeting, what happened, the one link; each in the
// language of the person it goes to.

export interface Letter {
  subject: string;
  text: string;
}

const M = {
  hello: defineMessage<{ name: string }>({ id: 'mail.hello', defaultMessage: 'Hello {name},' }),
  invitationSubject: defineMessage<{ organization: string }>({
    id: 'mail.invitation.subject',
    defaultMessage: 'You are invited to {organization}',
  }),
  invitationWhat: defineMessage<{ organization: string }>({
    id: 'mail.invitation.what',
    defaultMessage:
      "You have been invited to {organization}'s HR app, where you request leave, keep your trainings and answer forms.",
  }),
  invitationHow: defineMessage<{ expires: number }>({
    id: 'mail.invitation.how',
    defaultMessage:
      'Open this link, or paste it into the app\'s "Join with an invitation", to choose your password. It works once, until {expires, date, ::EEEEdMMMMyyyy}:',
  }),
  invitationIgnore: defineMessage({
    id: 'mail.invitation.ignore',
    defaultMessage: 'If you did not expect this, you can ignore this mail.',
  }),
  resetSubject: defineMessage({ id: 'mail.reset.subject', defaultMessage: 'Choose a new password' }),
  resetWhat: defineMessage({
    id: 'mail.reset.what',
    defaultMessage:
      'Someone asked to choose a new password for your account. If it was you, open this link within the hour (it works once):',
  }),
  resetIgnore: defineMessage({
    id: 'mail.reset.ignore',
    defaultMessage: 'If it was not you, ignore this mail: your password stays as it is.',
  }),
  notificationOpen: defineMessage({ id: 'mail.notification.open', defaultMessage: 'Open HR Offline to see it.' }),
  notificationWhy: defineMessage({
    id: 'mail.notification.why',
    defaultMessage:
      'You receive this because e-mail notifications are on for your account; turn them off in the app (account menu, E-mail notifications).',
  }),
};

export function invitationLetter(
  say: FormatMessage,
  p: { firstName: string; organization: string; url: string; expiresAt: string },
): Letter {
  return {
    subject: say(M.invitationSubject.id, { organization: p.organization }),
    text: [
      say(M.hello.id, { name: p.firstName }),
      '',
      say(M.invitationWhat.id, { organization: p.organization }),
      say(M.invitationHow.id, { expires: Date.parse(p.expiresAt) }),
      '',
      p.url,
      '',
      say(M.invitationIgnore.id),
    ].join('\n'),
  };
}

export function resetLetter(say: FormatMessage, p: { firstName: string; url: string }): Letter {
  return {
    subject: say(M.resetSubject.id),
    text: [say(M.hello.id, { name: p.firstName }), '', say(M.resetWhat.id), '', p.url, '', say(M.resetIgnore.id)].join(
      '\n',
    ),
  };
}

/** A notification by mail: what it says, and how to stop these mails. */
export function notificationLetter(say: FormatMessage, p: { firstName: string; title: string; body: string }): Letter {
  return {
    subject: p.title,
    text: [
      say(M.hello.id, { name: p.firstName }),
      '',
      p.body,
      '',
      say(M.notificationOpen.id),
      '',
      say(M.notificationWhy.id),
    ].join('\n'),
  };
}

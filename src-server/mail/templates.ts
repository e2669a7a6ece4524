import { longDateOf } from '@shared/rules';

// What the service's mails say: plain text, a greeting, what happened, the one link.

export interface Letter {
  subject: string;
  text: string;
}

export function invitationLetter(p: {
  firstName: string;
  organization: string;
  url: string;
  expiresAt: string;
}): Letter {
  return {
    subject: `You are invited to ${p.organization}`,
    text: [
      `Hello ${p.firstName},`,
      '',
      `You have been invited to ${p.organization}'s HR app, where you request leave, keep your trainings and answer forms.`,
      `Open this link, or paste it into the app's "Join with an invitation", to choose your password. It works once, until ${longDateOf(p.expiresAt)}:`,
      '',
      p.url,
      '',
      'If you did not expect this, you can ignore this mail.',
    ].join('\n'),
  };
}

export function resetLetter(p: { firstName: string; url: string }): Letter {
  return {
    subject: 'Choose a new password',
    text: [
      `Hello ${p.firstName},`,
      '',
      'Someone asked to choose a new password for your account. If it was you, open this link within the hour (it works once):',
      '',
      p.url,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** A notification by mail: what it says, and how to stop these mails. */
export function notificationLetter(p: { firstName: string; title: string; body: string }): Letter {
  return {
    subject: p.title,
    text: [
      `Hello ${p.firstName},`,
      '',
      p.body,
      '',
      'Open HR Offline to see it.',
      '',
      'You receive this because e-mail notifications are on for your account; turn them off in the app (account menu, E-mail notifications).',
    ].join('\n'),
  };
}

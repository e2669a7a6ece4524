import { defineMessage } from '@formatjs/intl';

// What the service tells someone whose sign-in, token or session it refuses: several places say the
// same sentence, so it is kept once.
export const AUTH = {
  sendToken: defineMessage({
    id: 'service.auth.sendToken',
    defaultMessage: "Send an access token: Authorization: Bearer '<token>'",
  }),
  tokenInvalid: defineMessage({
    id: 'service.auth.tokenInvalid',
    defaultMessage: 'The access token is invalid or has expired',
  }),
  tokenOtherOrganization: defineMessage({
    id: 'service.auth.tokenOtherOrganization',
    defaultMessage: "This token is of another organization: use it at that organization's address",
  }),
  signInOtherOrganization: defineMessage({
    id: 'service.auth.signInOtherOrganization',
    defaultMessage: "This sign-in is of another organization: use it at that organization's address",
  }),
  tokenAccountGone: defineMessage({
    id: 'service.auth.tokenAccountGone',
    defaultMessage: 'The account of this token no longer exists',
  }),
  accountGone: defineMessage({ id: 'service.auth.accountGone', defaultMessage: 'The account no longer exists' }),
  accountClosed: defineMessage<{ closedOn: number }>({
    id: 'service.auth.accountClosed',
    defaultMessage: 'This account was closed on {closedOn, date, ::dMMMMyyyy}',
  }),
  wrongPassword: defineMessage({ id: 'service.auth.wrongPassword', defaultMessage: 'Wrong email or password' }),
  manyOrganizations: defineMessage({
    id: 'service.auth.manyOrganizations',
    defaultMessage:
      "This email and password open accounts in more than one organization: sign in at your organization's own address",
  }),
  tooManySignIns: defineMessage({
    id: 'service.auth.tooManySignIns',
    defaultMessage: 'Too many failed sign-ins for this email; wait before trying again',
  }),
  tooManyPasswords: defineMessage({
    id: 'service.auth.tooManyPasswords',
    defaultMessage: 'Too many wrong current passwords; wait before trying again',
  }),
  refreshUnknown: defineMessage({
    id: 'service.auth.refresh.unknown',
    defaultMessage: 'The refresh token is not valid',
  }),
  refreshExpired: defineMessage({
    id: 'service.auth.refresh.expired',
    defaultMessage: 'The refresh token has expired; sign in again',
  }),
  refreshRevoked: defineMessage({
    id: 'service.auth.refresh.revoked',
    defaultMessage: 'The refresh token was revoked; sign in again',
  }),
  refreshReused: defineMessage({
    id: 'service.auth.refresh.reused',
    defaultMessage: 'The refresh token was already used, so every session from that sign-in was revoked; sign in again',
  }),
  resetOnItsWay: defineMessage({
    id: 'service.auth.resetOnItsWay',
    defaultMessage: 'If an account has this email, a link to choose a new password is on its way to it',
  }),
  signedOut: defineMessage({
    id: 'service.auth.signedOut',
    defaultMessage: 'This session was signed out: sign in again',
  }),
};

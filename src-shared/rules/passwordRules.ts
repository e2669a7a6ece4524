import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { defineMessage } from '@formatjs/intl';
import { issue, type FieldIssue } from './fieldIssue';

// What makes a password acceptable, the same wherever one is chosen: an invitation accepted, a
// reset, a change, a new organization's admin. Kept out of the rulebook's index: the common
// passwords' list weighs about 400 kB, so only the screens that choose a password load it.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

const M = {
  tooShort: defineMessage<{ min: string }>({
    id: 'rules.password.tooShort',
    defaultMessage: 'Choose a password of at least {min} characters',
  }),
  tooLong: defineMessage<{ max: string }>({
    id: 'rules.password.tooLong',
    defaultMessage: 'A password can have at most {max} characters',
  }),
  common: defineMessage({
    id: 'rules.password.common',
    defaultMessage: 'This is one of the most common passwords; choose one nobody would guess',
  }),
  fromName: defineMessage({
    id: 'rules.password.fromName',
    defaultMessage: 'This password is easy to guess from your name or email; choose another',
  }),
  guessable: defineMessage({
    id: 'rules.password.guessable',
    defaultMessage: 'This password is easy to guess; add a few more words or characters',
  }),
  notCurrent: defineMessage({
    id: 'rules.password.notCurrent',
    defaultMessage: 'This is not your current password',
  }),
};

/** A current password given that is not the account's (the service knows it, not the rulebook). */
export const notCurrentPasswordIssue = (path = 'currentPassword'): FieldIssue => issue(path, M.notCurrent);

let estimator: ZxcvbnFactory | undefined;
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** What the person is known by: a password made of these is guessed first. */
export interface PasswordOwner {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The issues of a new password, on `path`: too short or long, one of the most common passwords
 * (zxcvbn's list of about 30,000), or easy to guess from its patterns and the owner's own names.
 */
export function passwordIssues(password: string, owner: PasswordOwner = {}, path = 'password'): FieldIssue[] {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN) return [issue(path, M.tooShort, { min: String(PASSWORD_MIN) })];
  if (length > PASSWORD_MAX) return [issue(path, M.tooLong, { max: String(PASSWORD_MAX) })];
  const inputs = [owner.email, owner.email?.split('@')[0], owner.firstName, owner.lastName].filter(
    (s): s is string => !!s && s.length >= 3,
  );
  const result = strength().check(password.slice(0, 256), inputs);
  if (result.score >= 2) return [];
  const whole = result.sequence.length === 1 ? result.sequence[0] : undefined;
  if (whole?.pattern === 'dictionary' && whole.dictionaryName === 'passwords-common') {
    return [issue(path, M.common)];
  }
  if (result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) {
    return [issue(path, M.fromName)];
  }
  return [issue(path, M.guessable)];
}

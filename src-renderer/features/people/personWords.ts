import { defineMessage, type IntlShape } from 'react-intl';
import type { Role, User } from '@shared/wire';
import { hasLeft } from '@shared/rules';
import { dateText } from '@renderer/i18n/dates';

const MESSAGES = {
  left: defineMessage<{ date: string }>({ id: 'people.employment.leftOn', defaultMessage: 'Left on {date}' }),
  leftUndated: defineMessage({ id: 'people.employment.left', defaultMessage: 'Left' }),
  leaving: defineMessage<{ date: string }>({ id: 'people.employment.leavingOn', defaultMessage: 'Leaving on {date}' }),
  invited: defineMessage({ id: 'people.employment.invited', defaultMessage: 'Invited, not joined yet' }),
};

/** Where a person stands, in words: invited, leaving on a day, left; null when simply employed. */
export function employmentWords(person: User, today: string, intl: IntlShape): string | null {
  if (person.endDate && hasLeft(person.endDate, today))
    return intl.formatMessage(MESSAGES.left, { date: dateText(intl, person.endDate) });
  if (person.status === 'LEFT') return intl.formatMessage(MESSAGES.leftUndated);
  if (person.endDate) return intl.formatMessage(MESSAGES.leaving, { date: dateText(intl, person.endDate) });
  if (person.status === 'INVITED') return intl.formatMessage(MESSAGES.invited);
  return null;
}

/** A role's name: `intl.formatMessage(ROLE_NAME, { role })`. */
export const ROLE_NAME = defineMessage<{ role: Role }>({
  id: 'people.role',
  defaultMessage: '{role, select, USER {Employee} MANAGER {Manager} ADMIN {Administrator} other {{role}}}',
});

/** The roles in the order they are offered. */
export const ROLES: readonly Role[] = ['USER', 'MANAGER', 'ADMIN'];

export const fullNameOf = (p: Pick<User, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

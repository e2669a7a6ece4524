import type { User } from '@shared/wire';
import { hasLeft } from '@shared/rules';

/** Where a person stands, in words: invited, leaving on a day, left; null when simply employed. */
export function employmentWords(person: User, today: string): string | null {
  if (person.endDate && hasLeft(person.endDate, today)) return `Left on ${person.endDate}`;
  if (person.status === 'LEFT') return 'Left';
  if (person.endDate) return `Leaving on ${person.endDate}`;
  if (person.status === 'INVITED') return 'Invited, not joined yet';
  return null;
}

export const ROLE_NAMES = { USER: 'Employee', MANAGER: 'Manager', ADMIN: 'Administrator' } as const;

export const fullNameOf = (p: Pick<User, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

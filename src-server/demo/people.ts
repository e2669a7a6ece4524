import type { Role } from '@shared/wire';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoOrganization {
  name: string;
  slug: string;
  domain: string;
  departments: string[];
  accounts: DemoAccount[];
  /** People who left (their last day `daysAgo` days back) and people invited who have not joined. */
  others?: DemoOther[];
}

export interface DemoOther {
  email: string;
  firstName: string;
  lastName: string;
  nationality: string;
  department: string;
  /** Left: their last working day this many days ago. Absent: invited, not joined yet. */
  leftDaysAgo?: number;
}

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  nationality: string;
  department: string;
  /** Email of the manager, when the account reports to one of the named accounts. */
  manager?: string;
  parental: Parental;
}

/** The demo accounts the README lists (docs/service.md, Running it). */
export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Acme',
    slug: 'acme',
    domain: 'acme.test',
    departments: ['Engineering', 'Sales', 'People', 'Finance', 'Operations', 'Marketing'],
    others: [
      {
        email: 'frank.former@acme.test',
        firstName: 'Frank',
        lastName: 'Former',
        nationality: 'GB',
        department: 'Sales',
        leftDaysAgo: 45,
      },
      {
        email: 'greta.gone@acme.test',
        firstName: 'Greta',
        lastName: 'Gone',
        nationality: 'DE',
        department: 'Engineering',
        leftDaysAgo: 200,
      },
      {
        email: 'nina.newcomer@acme.test',
        firstName: 'Nina',
        lastName: 'Newcomer',
        nationality: 'FR',
        department: 'Marketing',
      },
    ],
    accounts: [
      {
        email: 'admin@acme.test',
        firstName: 'Ada',
        parental: 'MATERNITY',
        lastName: 'Admin',
        role: 'ADMIN',
        nationality: 'GB',
        department: 'People',
      },
      {
        email: 'manager@acme.test',
        firstName: 'Max',
        parental: 'PATERNITY',
        lastName: 'Manager',
        role: 'MANAGER',
        nationality: 'GB',
        department: 'Engineering',
        manager: 'admin@acme.test',
      },
      {
        email: 'alice@acme.test',
        firstName: 'Alice',
        parental: 'MATERNITY',
        lastName: 'Archer',
        role: 'USER',
        nationality: 'GB',
        department: 'Engineering',
        manager: 'manager@acme.test',
      },
      {
        email: 'bob@acme.test',
        firstName: 'Bob',
        parental: 'PATERNITY',
        lastName: 'Becker',
        role: 'USER',
        nationality: 'DE',
        department: 'Engineering',
        manager: 'manager@acme.test',
      },
      {
        email: 'carol@acme.test',
        firstName: 'Carol',
        parental: 'MATERNITY',
        lastName: 'Chevalier',
        role: 'USER',
        nationality: 'FR',
        department: 'Sales',
      },
    ],
  },
  {
    name: 'Globex',
    slug: 'globex',
    domain: 'globex.test',
    departments: ['Research', 'Support', 'Logistics', 'Finance', 'People', 'Legal'],
    accounts: [
      {
        email: 'admin@globex.test',
        firstName: 'Grace',
        parental: 'MATERNITY',
        lastName: 'Admin',
        role: 'ADMIN',
        nationality: 'US',
        department: 'People',
      },
      {
        email: 'dave@globex.test',
        firstName: 'Dave',
        parental: 'PATERNITY',
        lastName: 'Dawson',
        role: 'USER',
        nationality: 'US',
        department: 'Research',
      },
    ],
  },
];

/** Nationalities of generated employees: public holidays differ across all of them. */
export const NATIONALITIES = ['GB', 'DE', 'FR', 'US', 'ES', 'IT', 'NL', 'PL', 'SE', 'IE', 'PT', 'BE'] as const;

// prettier-ignore
const MOTHERS = [
  'Amara', 'Chloe', 'Elif', 'Greta', 'Ines', 'Kaja', 'Maya', 'Olivia', 'Rosa', 'Tara', 'Vera', 'Xenia',
  'Zoe', 'Aoife', 'Clara', 'Emma', 'Giulia', 'Hannah', 'Julia', 'Leonie', 'Marta', 'Nora', 'Priya', 'Sofia',
  'Freya', 'Lucia', 'Ingrid', 'Beatriz', 'Mila', 'Yara', 'Esther', 'Agnes',
];
// prettier-ignore
const FATHERS = [
  'Ben', 'Diego', 'Finn', 'Hugo', 'Jonas', 'Liam', 'Nils', 'Pablo', 'Sven', 'Umar', 'Wim', 'Yusuf',
  'Bruno', 'Dmitri', 'Felix', 'Ivan', 'Tomas', 'Matteo', 'Kofi', 'Oscar', 'Rafael', 'Arjun', 'Lars', 'Emil',
  'Noah', 'Piet', 'Jakub', 'Luca', 'Theo', 'Karim', 'Anton', 'Milan',
];

/**
 * First names, each with the parental leave its bearer would take (demo data reads true: no
 * maternity leave for a Max). Unique full names need more pairs than any scale the demo runs at.
 */
export const FIRST_NAMES: readonly (readonly [string, Parental])[] = [
  ...MOTHERS.map((name) => [name, 'MATERNITY'] as const),
  ...FATHERS.map((name) => [name, 'PATERNITY'] as const),
];

export type Parental = 'MATERNITY' | 'PATERNITY';

// prettier-ignore
export const LAST_NAMES = [
  'Andersson', 'Bianchi', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Popescu', 'Jansen',
  'Kowalski', 'Lambert', 'Martin', 'Novak', "O'Brien", 'Peeters', 'Quint', 'Rossi', 'Schmidt', 'Torres',
  'Usher', 'Visser', 'Walsh', 'Xu', 'Young', 'Zielinski', 'Moreau', 'Silva', 'Nilsson', 'Murphy',
  'Berg', 'Kelly', 'Lindqvist', 'Romano', 'Santos', 'Wagner', 'Nowak', 'Byrne', 'Dijkstra', 'Fernandes',
  'Laurent', 'Bauer', 'Ricci', 'Jensen', 'Horvat', 'Okafor', 'Sato', 'Patel', 'Haddad', 'Klein',
  'Ferrari', 'Mertens', 'Lopez', 'Brennan', 'Sorensen', 'Vogel', 'Marino', 'Gomes', 'Wright', 'Kaya',
];

import type { Role } from '../../src-shared/wire';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoOrganization {
  name: string;
  slug: string;
  domain: string;
  departments: string[];
  accounts: DemoAccount[];
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
}

/** The accounts CONTRACT names ("Running the service, and its demo data"). */
export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Acme',
    slug: 'acme',
    domain: 'acme.test',
    departments: ['Engineering', 'Sales', 'People', 'Finance', 'Operations', 'Marketing'],
    accounts: [
      {
        email: 'admin@acme.test',
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'ADMIN',
        nationality: 'GB',
        department: 'People',
      },
      {
        email: 'manager@acme.test',
        firstName: 'Max',
        lastName: 'Manager',
        role: 'MANAGER',
        nationality: 'GB',
        department: 'Engineering',
        manager: 'admin@acme.test',
      },
      {
        email: 'alice@acme.test',
        firstName: 'Alice',
        lastName: 'Archer',
        role: 'USER',
        nationality: 'GB',
        department: 'Engineering',
        manager: 'manager@acme.test',
      },
      {
        email: 'bob@acme.test',
        firstName: 'Bob',
        lastName: 'Becker',
        role: 'USER',
        nationality: 'DE',
        department: 'Engineering',
        manager: 'manager@acme.test',
      },
      {
        email: 'carol@acme.test',
        firstName: 'Carol',
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
        lastName: 'Admin',
        role: 'ADMIN',
        nationality: 'US',
        department: 'People',
      },
      {
        email: 'dave@globex.test',
        firstName: 'Dave',
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

export const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Finn',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kaja',
  'Liam',
  'Maya',
  'Nils',
  'Olivia',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wim',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Aoife',
  'Bruno',
  'Clara',
  'Dmitri',
  'Emma',
  'Felix',
  'Giulia',
  'Hannah',
  'Ivan',
  'Julia',
];

export const LAST_NAMES = [
  'Andersson',
  'Bianchi',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Lambert',
  'Martin',
  'Novak',
  "O'Brien",
  'Peeters',
  'Quint',
  'Rossi',
  'Schmidt',
  'Torres',
  'Usher',
  'Visser',
  'Walsh',
  'Xu',
  'Young',
  'Zielinski',
  'Moreau',
  'Silva',
  'Nilsson',
  'Murphy',
];

import Papa from 'papaparse';
import { defineMessage, type MessageDescriptor } from 'react-intl';

/** The columns an import reads, by what a header may say (compared without case, spaces or punctuation). */
const COLUMNS: Record<string, string> = {
  email: 'email',
  emailaddress: 'email',
  workemail: 'email',
  firstname: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  department: 'department',
  dept: 'department',
  manageremail: 'managerEmail',
  manager: 'managerEmail',
  reportsto: 'managerEmail',
  nationality: 'nationality',
  country: 'nationality',
  countrycode: 'nationality',
  startdate: 'startDate',
  hiredate: 'startDate',
  roles: 'roles',
  role: 'roles',
};

/** What a field is called beside a row's issue: `intl.formatMessage(COLUMN_NAME, { column })`. */
export const COLUMN_NAME = defineMessage<{ column: string }>({
  id: 'people.import.column',
  defaultMessage:
    '{column, select, email {email} firstName {first name} lastName {last name} department {department} managerEmail {manager’s email} nationality {nationality} startDate {start date} roles {roles} other {{column}}}',
});

const NO_HEADER = defineMessage({
  id: 'people.import.noHeader',
  defaultMessage:
    'The file has no header row: its first line must name the columns (email, first name, last name, nationality …)',
});

export interface ParsedFile {
  rows: Record<string, unknown>[];
  /** Headers that match no column, shown so a misspelt one is noticed. */
  ignored: string[];
  /** Columns the file lacks that every row needs (fields, named with COLUMN_NAME). */
  missing: string[];
  /** The file could not be read as CSV at all: the message saying why. */
  problem: MessageDescriptor | null;
}

const REQUIRED = ['email', 'firstName', 'lastName', 'nationality'];
const key = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

/** A CSV file's rows as an import takes them, columns matched by their header. */
export function readImportFile(text: string): ParsedFile {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const fieldOf = new Map(headers.map((h) => [h, COLUMNS[key(h)]]));
  const ignored = headers.filter((h) => !fieldOf.get(h));
  const found = new Set([...fieldOf.values()].filter(Boolean));
  const missing = REQUIRED.filter((f) => !found.has(f));
  const problem = headers.length === 0 ? NO_HEADER : null;
  const rows = parsed.data.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [header, value] of Object.entries(record)) {
      const field = fieldOf.get(header);
      const text = (value ?? '').trim();
      if (!field || !text) continue;
      row[field] =
        field === 'roles'
          ? text
              .split(/[;,|]/)
              .map((r) => r.trim().toUpperCase())
              .filter(Boolean)
          : field === 'nationality'
            ? text.toUpperCase()
            : text;
    }
    return row;
  });
  return { rows, ignored, missing, problem };
}

import type { ImportRow } from '../wire/users';
import { defineMessage } from '@formatjs/intl';
import { issue, type FieldIssue, type IssueValue } from './fieldIssue';
import { managerLeftIssue, ownManagerIssue } from './peopleRules';

const M = {
  emailTwice: defineMessage<{ row: string }>({
    id: 'rules.import.emailTwice',
    defaultMessage: 'This email is also on row {row}',
  }),
  unknownManager: defineMessage<{ email: string }>({
    id: 'rules.import.unknownManager',
    defaultMessage: 'No one with the email {email} is in the organization or in this file',
  }),
  loop: defineMessage<{ chain: string }>({ id: 'rules.import.loop', defaultMessage: 'This makes a loop: {chain}' }),
  reportsTo: defineMessage<{ person: string; manager: string }>({
    id: 'rules.import.reportsTo',
    defaultMessage: '{person} reports to {manager}',
  }),
  noPeople: defineMessage({ id: 'rules.import.noPeople', defaultMessage: 'The file has no people in it' }),
};

/** A file with no rows. */
export const noPeopleIssue = (): FieldIssue => issue('rows', M.noPeople);

/** "a reports to b reports to a": each of `emails` reports to the next. */
function chainWords(emails: readonly string[]): IssueValue {
  let words: IssueValue = emails[emails.length - 1]!;
  for (let i = emails.length - 2; i >= 0; i--) {
    words = { id: M.reportsTo.id, values: { person: emails[i]!, manager: words } };
  }
  return words;
}

// An import's rows checked together, against the people already known: the same words in the
// app's preview (offline, from the cache) and in the service's answer.

/** Someone of the organization as an import sees them. */
export interface KnownPerson {
  email: string;
  managerEmail: string | null;
  /** Left the organization (cannot manage anyone). */
  left: boolean;
}

const key = (email: string) => email.trim().toLowerCase();

/**
 * A manager's email must name someone staying in the organization or a row of the file, never the
 * row's own; an email appears once; and the managers, as they would be after the import, never loop.
 * An empty manager leaves an existing person's as it is.
 */
export function importIssues(rows: readonly ImportRow[], people: readonly KnownPerson[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Map(people.map((p) => [key(p.email), p]));
  const firstRow = new Map<string, number>();
  rows.forEach((row, i) => {
    const email = key(row.email);
    const first = firstRow.get(email);
    if (first === undefined) firstRow.set(email, i);
    else issues.push(issue(`rows[${i}].email`, M.emailTwice, { row: String(first + 1) }));
  });

  const managerOf = new Map<string, string | null>(
    [...known].map(([email, p]) => [email, p.managerEmail && key(p.managerEmail)]),
  );
  rows.forEach((row, i) => {
    if (!row.managerEmail) return;
    const email = key(row.email);
    const manager = key(row.managerEmail);
    const path = `rows[${i}].managerEmail`;
    if (manager === email) issues.push(ownManagerIssue(path));
    else if (known.get(manager)?.left) issues.push(managerLeftIssue(row.managerEmail, path));
    else if (!known.has(manager) && !firstRow.has(manager)) {
      issues.push(issue(path, M.unknownManager, { email: row.managerEmail }));
    } else managerOf.set(email, manager);
  });

  rows.forEach((row, i) => {
    if (!row.managerEmail || issues.some((x) => x.path === `rows[${i}].managerEmail`)) return;
    const start = key(row.email);
    const chain = [start];
    for (let at = managerOf.get(start); at; at = managerOf.get(at)) {
      if (at === start) {
        issues.push(issue(`rows[${i}].managerEmail`, M.loop, { chain: chainWords([...chain, start]) }));
        return;
      }
      if (chain.includes(at) || chain.length > rows.length + known.size) return;
      chain.push(at);
    }
  });
  return issues;
}

/** "row 3, manager's email: …" — an issue of `rows[2].managerEmail` as a person reads it beside the file. */
export function importRowOf(path: string): number | null {
  const m = /^rows\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : null;
}

import type { ImportRow } from '../wire/users';
import type { FieldIssue } from './fieldIssue';

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
    else issues.push({ path: `rows[${i}].email`, message: `This email is also on row ${first + 1}` });
  });

  const managerOf = new Map<string, string | null>(
    [...known].map(([email, p]) => [email, p.managerEmail && key(p.managerEmail)]),
  );
  rows.forEach((row, i) => {
    if (!row.managerEmail) return;
    const email = key(row.email);
    const manager = key(row.managerEmail);
    const path = `rows[${i}].managerEmail`;
    if (manager === email) issues.push({ path, message: 'A person cannot be their own manager' });
    else if (known.get(manager)?.left)
      issues.push({ path, message: `${row.managerEmail} has left the organization: choose another manager` });
    else if (!known.has(manager) && !firstRow.has(manager)) {
      issues.push({
        path,
        message: `No one with the email ${row.managerEmail} is in the organization or in this file`,
      });
    } else managerOf.set(email, manager);
  });

  rows.forEach((row, i) => {
    if (!row.managerEmail || issues.some((x) => x.path === `rows[${i}].managerEmail`)) return;
    const start = key(row.email);
    const chain = [start];
    for (let at = managerOf.get(start); at; at = managerOf.get(at)) {
      if (at === start) {
        issues.push({
          path: `rows[${i}].managerEmail`,
          message: `This makes a loop: ${[...chain, start].join(' reports to ')}`,
        });
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

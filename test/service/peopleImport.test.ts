import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importResultSchema,
  problemSchema,
  referenceListSchema,
  tokenResponseSchema,
  userListSchema,
  type ImportRow,
} from '../../src-shared/wire';
import { startTestService, type TestService } from '../support/testService';

// Many people at once: checked whole, applied whole or not at all, and the same file again changes
// nothing. On SQLite, and on PostgreSQL in the second pass.

let svc: TestService;
let admin: string;
beforeAll(async () => {
  svc = await startTestService();
  admin = (await svc.signIn('admin@acme.test')).access_token;
});
afterAll(async () => {
  await svc.close();
});

const send = (rows: unknown[], dryRun = false) =>
  svc.request('POST', '/api/users/import', { token: admin, body: { rows, dryRun } });

const everyone = async () =>
  (await svc.request('GET', '/api/users?pageSize=500&employment=all', { token: admin })).as(userListSchema).data;

/** A company of `n`: ten heads of department reporting to the demo's manager, everyone else to a head. */
function company(n: number): ImportRow[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `person${i}@import.example`,
    firstName: `Person`,
    lastName: `Number ${i}`,
    department: `Team ${i % 10}`,
    managerEmail: i < 10 ? 'manager@acme.test' : `person${i % 10}@import.example`,
    nationality: ['GB', 'DE', 'FR', 'IE'][i % 4]!,
    startDate: '2026-01-05',
    roles: i < 10 ? ['USER', 'MANAGER'] : ['USER'],
  }));
}

describe('an import', () => {
  it('refuses a file with bad rows in words, row by row, and writes nothing', async () => {
    const before = (await everyone()).length;
    const rows = [
      ...company(3),
      { ...company(4)[3]!, managerEmail: 'ghost@import.example' },
      { ...company(5)[4]!, nationality: 'XX' },
      { ...company(6)[5]!, email: 'person0@import.example' },
      // A loop through the file: 6 → 7 → 6.
      { ...company(7)[6]!, managerEmail: 'person7@import.example' },
      { ...company(8)[7]!, managerEmail: 'person6@import.example' },
      { ...company(9)[8]!, managerEmail: 'PERSON8@import.example' },
    ];
    // The rows' own fields first, in the rulebook's words…
    const res = await send(rows);
    expect(res.status).toBe(400);
    expect(res.as(problemSchema).errors).toEqual([
      { path: 'rows[4].nationality', message: 'Choose a country from the list, such as GB or DE' },
    ]);
    // …then how they fit together and with the organization.
    const together = await send(rows.filter((_, i) => i !== 4));
    expect(together.as(problemSchema).detail).toBe('5 rows need correcting: nothing was imported');
    expect(together.as(problemSchema).errors).toMatchObject([
      { path: 'rows[4].email', message: 'This email is also on row 1' },
      {
        path: 'rows[3].managerEmail',
        message: 'No one with the email ghost@import.example is in the organization or in this file',
      },
      { path: 'rows[7].managerEmail', message: 'A person cannot be their own manager' },
      {
        path: 'rows[5].managerEmail',
        message:
          'This makes a loop: person6@import.example reports to person7@import.example reports to person6@import.example',
      },
      {
        path: 'rows[6].managerEmail',
        message:
          'This makes a loop: person7@import.example reports to person6@import.example reports to person7@import.example',
      },
    ]);
    // Emails are unique per organization: someone of another one is a new person here.
    const elsewhere = await send([{ ...company(1)[0]!, email: 'Dave@globex.test' }], true);
    expect(elsewhere.as(importResultSchema)).toMatchObject({ created: 1, updated: 0 });
    expect((await everyone()).length).toBe(before);
    expect((await send([], true)).as(problemSchema).errors).toEqual([
      { path: 'rows', message: 'The file has no people in it' },
    ]);
  });

  it('checks 5,000 people, applies them, and changes nothing the second time', async () => {
    const rows = company(5_000);
    const dry = (await send(rows, true)).as(importResultSchema);
    expect(dry).toMatchObject({ dryRun: true, created: 5_000, updated: 0, unchanged: 0 });
    expect(dry.departmentsCreated).toHaveLength(10);
    expect(dry.rows.every((r) => !r.invitation)).toBe(true);
    const departmentsBefore = (await svc.request('GET', '/api/departments', { token: admin })).as(referenceListSchema);
    expect(departmentsBefore.data.some((d) => d.name === 'Team 0')).toBe(false);

    const applied = await send(rows);
    expect(applied.status).toBe(200);
    const result = applied.as(importResultSchema);
    expect(result).toMatchObject({ dryRun: false, created: 5_000, updated: 0, unchanged: 0 });
    expect(result.rows.every((r) => r.invitation?.url.includes('/join#'))).toBe(true);
    const again = (await send(rows)).as(importResultSchema);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5_000, departmentsCreated: [] });

    // The people are there, invited, in their departments under their managers.
    const found = await svc.request('GET', '/api/users?search=person12%40import&pageSize=5', { token: admin });
    const p12 = found.as(userListSchema).data[0]!;
    const head = (await svc.request('GET', '/api/users?search=person2%40import.example&pageSize=5', { token: admin }))
      .as(userListSchema)
      .data.find((u) => u.email === 'person2@import.example')!;
    expect(p12).toMatchObject({ status: 'INVITED', managerId: head.id, nationality: 'GB' });
    expect(head.roles).toEqual(['USER', 'MANAGER']);
    const joined = await svc.request('POST', '/api/auth/invitations/accept', {
      body: { token: result.rows[12]!.invitation!.token, password: 'imported and joined today' },
    });
    expect(joined.as(tokenResponseSchema).user.id).toBe(p12.id);

    // A change to one row updates that one person only.
    const changed = rows.map((r, i) => (i === 12 ? { ...r, lastName: 'Renamed', department: 'Team 9' } : r));
    const third = (await send(changed)).as(importResultSchema);
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 4_999 });
    expect(third.rows[12]).toEqual({ email: 'person12@import.example', outcome: 'updated', userId: p12.id });
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema, userListSchema, userSchema, referenceListSchema } from '../../src-shared/wire';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let acmeAdmin: string;
let alice: string;
let globexAdmin: string;
let aliceId: string;

beforeAll(async () => {
  svc = await startTestService({ scale: 30 });
  acmeAdmin = (await svc.signIn('admin@acme.test')).access_token;
  const a = await svc.signIn('alice@acme.test');
  alice = a.access_token;
  aliceId = a.user.id;
  globexAdmin = (await svc.signIn('admin@globex.test')).access_token;
});
afterAll(async () => {
  await svc.close();
});

describe('the directory', () => {
  it('lists only the caller’s organization, paged with meta', async () => {
    const res = await svc.request('GET', '/api/users?pageSize=10', { token: alice });
    expect(res.status).toBe(200);
    const list = res.as(userListSchema);
    // 35 people employed and the demo's newcomer, invited; its former colleagues are not listed.
    expect(list.meta).toEqual({ page: 1, pageSize: 10, total: 36, totalPages: 4 });
    const orgs = new Set(list.data.map((u) => u.organizationId));
    expect(orgs).toEqual(new Set([list.data[0]!.organizationId]));

    const globex = (await svc.request('GET', '/api/users?pageSize=500', { token: globexAdmin })).as(userListSchema);
    expect(globex.meta.total).toBe(32);
    expect(globex.data.some((u) => u.email.endsWith('@acme.test'))).toBe(false);
  });

  it('walks every page without repeats or gaps', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const list = (await svc.request('GET', `/api/users?page=${page}&pageSize=10`, { token: alice })).as(
        userListSchema,
      );
      seen.push(...list.data.map((u) => u.id));
    }
    expect(seen).toHaveLength(36);
    expect(new Set(seen).size).toBe(36);
  });

  it('searches by name or email, case-insensitively, and filters by department', async () => {
    const byName = (await svc.request('GET', '/api/users?search=ALICE', { token: alice })).as(userListSchema);
    expect(byName.data.map((u) => u.email)).toEqual(['alice@acme.test']);
    const byEmail = (await svc.request('GET', '/api/users?search=bob@acme', { token: alice })).as(userListSchema);
    expect(byEmail.data.map((u) => u.firstName)).toEqual(['Bob']);
    // LIKE wildcards in the term are literal.
    const wildcard = (await svc.request('GET', '/api/users?search=%25', { token: alice })).as(userListSchema);
    expect(wildcard.meta.total).toBe(0);

    const me = (await svc.request('GET', '/api/users/me', { token: alice })).as(userSchema);
    const dept = (
      await svc.request(`GET`, `/api/users?departmentId=${me.departmentId}&pageSize=100`, { token: alice })
    ).as(userListSchema);
    expect(dept.data.length).toBeGreaterThan(2);
    expect(dept.data.every((u) => u.departmentId === me.departmentId)).toBe(true);
  });

  it('sorts by each allowed field in both orders, and refuses an unknown sortBy', async () => {
    for (const [sortBy, key] of [
      ['lastName', 'lastName'],
      ['firstName', 'firstName'],
      ['email', 'email'],
      ['createdAt', 'createdAt'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const list = (
          await svc.request('GET', `/api/users?sortBy=${sortBy}&sortOrder=${order}&pageSize=100`, { token: alice })
        ).as(userListSchema);
        const values = list.data.map((u) => u[key]);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (order === 'desc') sorted.reverse();
        if (sortBy !== 'email') expect(values, `${sortBy} ${order}`).toEqual(sorted);
        else
          expect(
            values.map((v) => v.toLowerCase()),
            `${sortBy} ${order}`,
          ).toEqual(sorted.map((v) => v.toLowerCase()));
      }
    }
    const bad = await svc.request('GET', '/api/users?sortBy=password_hash', { token: alice });
    expect(bad.status).toBe(400);
    expect(bad.as(problemSchema).errors?.[0]?.path).toBe('sortBy');
  });

  it('clamps pageSize above 500 and says so in meta; accepts limit as an alias', async () => {
    const big = (await svc.request('GET', '/api/users?pageSize=10000', { token: alice })).as(userListSchema);
    expect(big.meta.pageSize).toBe(500);
    const aliased = (await svc.request('GET', '/api/users?limit=3', { token: alice })).as(userListSchema);
    expect(aliased.meta.pageSize).toBe(3);
    expect(aliased.data).toHaveLength(3);
    for (const q of ['page=0', 'pageSize=-1', 'page=abc', 'pageSize=1.5']) {
      expect((await svc.request('GET', `/api/users?${q}`, { token: alice })).status, q).toBe(400);
    }
  });

  it('answers a page past the end with no rows and the true total', async () => {
    const list = (await svc.request('GET', '/api/users?page=99', { token: alice })).as(userListSchema);
    expect(list.data).toEqual([]);
    expect(list.meta.total).toBe(36);
  });

  it('lists the organization’s departments', async () => {
    const res = (await svc.request('GET', '/api/departments', { token: alice })).as(referenceListSchema);
    expect(res.data.map((d) => d.name)).toEqual([
      'Engineering',
      'Finance',
      'Marketing',
      'Operations',
      'People',
      'Sales',
    ]);
  });
});

describe('organization scope and roles', () => {
  it('answers 404, not 403, for another organization’s record', async () => {
    const res = await svc.request('GET', `/api/users/${aliceId}`, { token: globexAdmin });
    expect(res.status).toBe(404);
    expect(res.as(problemSchema).detail).toBe('User not found');
    const put = await svc.request('PUT', `/api/users/${aliceId}`, {
      token: globexAdmin,
      body: { firstName: 'Mallory' },
    });
    expect(put.status).toBe(404);
    const same = (await svc.request('GET', `/api/users/${aliceId}`, { token: acmeAdmin })).as(userSchema);
    expect(same.firstName).toBe('Alice');
  });

  it('answers 403 when the role is not enough', async () => {
    const create = await svc.request('POST', '/api/users', {
      token: alice,
      body: {
        email: 'eve@acme.test',
        password: 'otters juggle marmalade',
        firstName: 'Eve',
        lastName: 'E',
        nationality: 'GB',
      },
    });
    expect(create.status).toBe(403);
    expect(create.as(problemSchema).detail).toMatch(/ADMIN/);
    const update = await svc.request('PUT', `/api/users/${aliceId}`, { token: alice, body: { roles: ['ADMIN'] } });
    expect(update.status).toBe(403);
  });

  it('will not link a manager from another organization', async () => {
    const globexMe = (await svc.request('GET', '/api/users/me', { token: globexAdmin })).as(userSchema);
    const res = await svc.request('PUT', `/api/users/${aliceId}`, {
      token: acmeAdmin,
      body: { managerId: globexMe.id },
    });
    expect(res.status).toBe(400);
    expect(res.as(problemSchema).errors).toEqual([
      { path: 'managerId', code: 'rules.people.unknownManager', message: expect.any(String) },
    ]);
  });

  it('refuses a manager loop', async () => {
    const manager = (await svc.signIn('manager@acme.test')).user.id;
    const res = await svc.request('PUT', `/api/users/${manager}`, { token: acmeAdmin, body: { managerId: aliceId } });
    expect(res.status).toBe(400);
    expect(res.as(problemSchema).errors?.[0]?.message).toBe(
      'Max Manager cannot report to Alice Archer: Alice Archer reports to Max Manager',
    );
  });
});

describe('accounts created by an ADMIN', () => {
  it('creates an account that can sign in, and refuses an email taken in the organization with 409', async () => {
    const res = await svc.request('POST', '/api/users', {
      token: acmeAdmin,
      body: {
        email: 'Frank@Acme.test',
        password: 'a long enough passphrase',
        firstName: 'Frank',
        lastName: 'Fisher',
        nationality: 'IE',
        roles: ['USER'],
      },
    });
    expect(res.status).toBe(201);
    const frank = res.as(userSchema);
    expect(frank).toMatchObject({ email: 'frank@acme.test', version: 1, managerId: null });
    expect(res.headers.get('location')).toBe(`/api/users/${frank.id}`);
    expect((await svc.signIn('frank@acme.test', 'a long enough passphrase')).user.id).toBe(frank.id);

    const body = {
      email: 'FRANK@acme.test',
      password: 'another long passphrase',
      firstName: 'F',
      lastName: 'F',
      nationality: 'IE',
    };
    const again = await svc.request('POST', '/api/users', { token: acmeAdmin, body });
    expect(again.status).toBe(409);
    expect(again.as(problemSchema).detail).toBe('Someone of this organization already has this email');
    // Emails are unique per organization: Globex may have its own Frank with this address.
    expect((await svc.request('POST', '/api/users', { token: globexAdmin, body })).status).toBe(201);
  });

  it('names every bad field', async () => {
    const res = await svc.request('POST', '/api/users', {
      token: acmeAdmin,
      body: { email: 'not-an-email', password: 'short', firstName: '', nationality: 'gbr', roles: ['KING'] },
    });
    expect(res.status).toBe(400);
    const paths = res
      .as(problemSchema)
      .errors?.map((e) => e.path)
      .sort();
    expect(paths).toEqual(['email', 'firstName', 'lastName', 'nationality', 'password', 'roles[0]']);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TenantDb } from '../../src-server/db/tenantDb';
import { housekeeping } from '../../src-server/system/housekeeping';
import { createOrganization } from '../../src-server/organization/newOrganization';
import {
  leaveListSchema,
  leaveSchema,
  passwordForgotAnswerSchema,
  problemSchema,
  referenceItemSchema,
  referenceListSchema,
  tokenResponseSchema,
  userListSchema,
  userSchema,
  type User,
} from '../../src-shared/wire';
import { startTestService, type TestResponse, type TestService } from '../support/testService';

// People as an organization manages them: invited, joining, changing and resetting passwords,
// leaving and coming back, and the rules that keep an organization whole (its last admin, its
// manager chain). On SQLite, and on PostgreSQL in the second pass.

let svc: TestService;
let admin: string;
beforeEach(async () => {
  svc = await startTestService();
  admin = (await svc.signIn('admin@acme.test')).access_token;
});
afterEach(async () => {
  await svc.close();
});

const DAY = 86_400_000;
const PASSWORD = 'lantern orchard kettle';

async function invite(email: string, extra: Record<string, unknown> = {}): Promise<User> {
  const res = await svc.request('POST', '/api/users', {
    token: admin,
    body: { email, firstName: 'Ina', lastName: 'Vited', nationality: 'GB', ...extra },
  });
  expect(res.status).toBe(201);
  return res.as(userSchema);
}

const accept = (token: string, password = PASSWORD) =>
  svc.request('POST', '/api/auth/invitations/accept', { body: { token, password } });

const problem = (res: TestResponse) => res.as(problemSchema);

async function put(id: string, body: Record<string, unknown>, token = admin) {
  return svc.request('PUT', `/api/users/${id}`, { token, body });
}

async function userByEmail(email: string): Promise<User> {
  const res = await svc.request('GET', `/api/users?search=${encodeURIComponent(email)}&employment=all`, {
    token: admin,
  });
  return res.as(userListSchema).data.find((u) => u.email === email)!;
}

describe('invitations', () => {
  it('invites a person without a password; the link signs them in once, with the password they chose', async () => {
    const ina = await invite('ina@acme.test');
    expect(ina.status).toBe('INVITED');
    const { invitation } = ina;
    expect(invitation?.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(invitation?.url).toBe(`${svc.url}/join#${invitation?.token}`);
    expect(Date.parse(invitation!.expiresAt) - svc.clock.now().getTime()).toBe(7 * DAY);
    expect(invitation?.emailed).toBe(false);
    // Not before they join: no password opens the account.
    expect((await svc.request('POST', '/api/auth/token', { body: { email: ina.email, password: '' } })).status).toBe(
      400,
    );

    const joined = await accept(invitation!.url);
    expect(joined.status).toBe(200);
    const session = joined.as(tokenResponseSchema);
    expect(session.user.id).toBe(ina.id);
    const me = (await svc.request('GET', '/api/users/me', { token: session.access_token })).as(userSchema);
    expect(me).toMatchObject({ status: 'ACTIVE', version: 2 });
    expect(me.invitation).toBeUndefined();
    expect((await svc.signIn('ina@acme.test', PASSWORD)).user.id).toBe(ina.id);

    const again = await accept(invitation!.token, 'another fine passphrase');
    expect(again.status).toBe(400);
    expect(problem(again).errors).toEqual([
      {
        path: 'token',
        code: 'service.tokens.invitation.used',
        message:
          'This invitation was already used: sign in with the password chosen then, or ask your administrator for a new one',
      },
    ]);
  });

  it('refuses an expired invitation, and one a newer invitation replaced, in words', async () => {
    const ina = await invite('ina@acme.test');
    svc.clock.advance(7 * DAY + 1);
    admin = (await svc.signIn('admin@acme.test')).access_token;
    const late = await accept(ina.invitation!.token);
    expect(late.status).toBe(400);
    expect(problem(late).errors?.[0]?.message).toBe(
      'This invitation expired on 9 March 2026: ask your administrator for a new one',
    );

    const renewed = await svc.request('POST', `/api/users/${ina.id}/invitation`, { token: admin });
    expect(renewed.status).toBe(200);
    const fresh = renewed.as(userSchema).invitation!;
    expect(fresh.token).not.toBe(ina.invitation!.token);
    const older = await accept(ina.invitation!.token);
    expect(problem(older).errors?.[0]?.message).toBe(
      'A newer invitation replaced this one: use the latest link you were sent',
    );
    const third = (await svc.request('POST', `/api/users/${ina.id}/invitation`, { token: admin })).as(userSchema);
    expect(problem(await accept(fresh.token)).errors?.[0]?.message).toMatch(/^A newer invitation replaced this one/);
    expect((await accept(third.invitation!.token)).status).toBe(200);

    const joinedAlready = await svc.request('POST', `/api/users/${ina.id}/invitation`, { token: admin });
    expect(joinedAlready.status).toBe(409);
    expect(problem(joinedAlready).detail).toBe(
      'Ina Vited has already joined: a forgotten password is reset from the sign-in page',
    );
  });

  it('refuses an unknown token, a weak password and bad bodies in words, never 500', async () => {
    const unknown = await accept('not-a-token-at-all-but-long-enough');
    expect(problem(unknown).errors?.[0]).toEqual({
      path: 'token',
      code: 'service.tokens.invitation.unknown',
      message: 'This invitation link is not valid: check it was copied whole, or ask your administrator for a new one',
    });
    const ina = await invite('ina@acme.test');
    for (const [password, words] of [
      ['short', 'Choose a password of at least 8 characters'],
      ['password1', 'This is one of the most common passwords; choose one nobody would guess'],
      ['Vited2026', 'This password is easy to guess from your name or email; choose another'],
    ] as const) {
      const res = await accept(ina.invitation!.token, password);
      expect(res.status, password).toBe(400);
      expect(problem(res).errors).toMatchObject([{ path: 'password', message: words }]);
    }
    // A refused password leaves the invitation usable.
    expect((await accept(ina.invitation!.token)).status).toBe(200);

    for (const body of [{}, { token: 5, password: [] }, { token: '', password: PASSWORD }]) {
      const res = await svc.request('POST', '/api/auth/invitations/accept', { body });
      expect(res.status).toBe(400);
      expect(problem(res).errors?.length).toBeGreaterThan(0);
    }
  });

  it('lets only an admin invite a person or invite them again', async () => {
    const alice = (await svc.signIn('alice@acme.test')).access_token;
    const ina = await invite('ina@acme.test');
    expect((await svc.request('POST', `/api/users/${ina.id}/invitation`, { token: alice })).status).toBe(403);
    const res = await svc.request('POST', '/api/users', {
      token: alice,
      body: { email: 'x@acme.test', firstName: 'X', lastName: 'Y', nationality: 'GB' },
    });
    expect(res.status).toBe(403);
  });
});

describe('passwords', () => {
  it('changes one’s own password and ends every other session, not this one', async () => {
    const here = await svc.signIn('alice@acme.test');
    const elsewhere = await svc.signIn('alice@acme.test');
    const wrong = await svc.request('PUT', '/api/auth/password', {
      token: here.access_token,
      body: { currentPassword: 'not it', newPassword: PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(problem(wrong).errors).toEqual([
      { path: 'currentPassword', code: 'rules.password.notCurrent', message: 'This is not your current password' },
    ]);
    const weak = await svc.request('PUT', '/api/auth/password', {
      token: here.access_token,
      body: { currentPassword: 'demo1234', newPassword: 'qwertyuiop' },
    });
    expect(problem(weak).errors?.[0]?.path).toBe('newPassword');

    const changed = await svc.request('PUT', '/api/auth/password', {
      token: here.access_token,
      body: { currentPassword: 'demo1234', newPassword: PASSWORD },
    });
    expect(changed.status).toBe(204);
    const refresh = (token: string | undefined) =>
      svc.request('POST', '/api/auth/refresh', { body: { refresh_token: token } });
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await refresh(here.refresh_token)).status).toBe(200);
    expect(
      (await svc.request('POST', '/api/auth/token', { body: { email: 'alice@acme.test', password: 'demo1234' } }))
        .status,
    ).toBe(401);
    expect((await svc.signIn('alice@acme.test', PASSWORD)).user.email).toBe('alice@acme.test');
  });

  it('answers guesses of the current password as it answers sign-ins: five, then 429 with a wait', async () => {
    const bob = (await svc.signIn('bob@acme.test')).access_token;
    const guess = () =>
      svc.request('PUT', '/api/auth/password', {
        token: bob,
        body: { currentPassword: 'a guess', newPassword: PASSWORD },
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400);
    const locked = await guess();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Locked, even the right one waits: the lock is on the account, not on the guess.
    const right = await svc.request('PUT', '/api/auth/password', {
      token: bob,
      body: { currentPassword: 'demo1234', newPassword: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('answers a forgotten password the same for a known and an unknown address', async () => {
    const known = await svc.request('POST', '/api/auth/password/forgot', { body: { email: 'alice@acme.test' } });
    const unknown = await svc.request('POST', '/api/auth/password/forgot', { body: { email: 'nobody@acme.test' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.as(passwordForgotAnswerSchema)).toEqual(unknown.as(passwordForgotAnswerSchema));
    expect((await svc.request('POST', '/api/auth/password/forgot', { body: {} })).status).toBe(400);
  });

  it('resets a password with a one-hour link, once, ending every session', async () => {
    const session = await svc.signIn('alice@acme.test');
    const tenant = new TenantDb(svc.engine, session.user.organizationId);
    const issue = () => svc.app.hr.oneTimeTokens.issue(tenant, session.user.id, 'PASSWORD_RESET');
    const reset = (token: string) =>
      svc.request('POST', '/api/auth/password/reset', { body: { token, password: PASSWORD } });

    const late = await issue();
    svc.clock.advance(60 * 60_000 + 1);
    admin = (await svc.signIn('admin@acme.test')).access_token;
    expect(problem(await reset(late.token)).errors?.[0]?.message).toBe(
      'This reset link has expired (it works for an hour): ask for a new one',
    );
    const { token } = await issue();
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.as(tokenResponseSchema).user.id).toBe(session.user.id);
    expect(
      (await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token } })).status,
    ).toBe(401);
    expect(problem(await reset(token)).errors?.[0]?.message).toMatch(/^This reset link was already used/);
    // An invitation's token is no reset link.
    const ina = await invite('ina@acme.test');
    expect(problem(await reset(ina.invitation!.token)).errors?.[0]?.message).toMatch(/^This reset link is not valid/);
  });
});

describe('leavers', () => {
  it('closes the account after the last working day, keeping every record of theirs', async () => {
    const alice = await svc.signIn('alice@acme.test');
    const leave = await svc.request('POST', '/api/leave', {
      token: alice.access_token,
      body: { startDate: '2026-03-04', endDate: '2026-03-04', type: 'ANNUAL' },
    });
    expect(leave.status).toBe(201);
    const aliceRecord = await userByEmail('alice@acme.test');
    const leaving = await put(aliceRecord.id, { endDate: '2026-03-06' });
    expect(leaving.status).toBe(200);
    expect(leaving.as(userSchema)).toMatchObject({ endDate: '2026-03-06', status: 'ACTIVE' });
    // Until the end of the last day, everything works.
    svc.clock.set('2026-03-06T23:55:00.000Z');
    const lastEvening = await svc.signIn('alice@acme.test');
    expect((await svc.request('GET', '/api/users/me', { token: lastEvening.access_token })).status).toBe(200);

    svc.clock.set('2026-03-07T00:05:00.000Z');
    admin = (await svc.signIn('admin@acme.test')).access_token;
    for (const res of [
      await svc.request('GET', '/api/users/me', { token: lastEvening.access_token }),
      await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: alice.refresh_token } }),
      await svc.request('POST', '/api/auth/token', { body: { email: 'alice@acme.test', password: 'demo1234' } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ detail: 'This account was closed on 7 March 2026', closedOn: '2026-03-07' });
    }
    // A wrong password says nothing of the account.
    const wrong = await svc.request('POST', '/api/auth/token', {
      body: { email: 'alice@acme.test', password: 'nope' },
    });
    expect(problem(wrong).detail).toBe('Wrong email or password');

    // Kept: her request, and her record among former colleagues, not in the default list.
    const hers = await svc.request('GET', `/api/leave/team?userId=${aliceRecord.id}`, { token: admin });
    expect(hers.as(leaveListSchema).data.map((l) => l.id)).toEqual([leave.as(leaveSchema).id]);
    const current = (await svc.request('GET', '/api/users?pageSize=500', { token: admin })).as(userListSchema);
    expect(current.data.some((u) => u.id === aliceRecord.id)).toBe(false);
    const former = (await svc.request('GET', '/api/users?employment=former', { token: admin })).as(userListSchema);
    // Beside the demo's own former colleagues.
    expect(former.data.map((u) => u.email).sort()).toEqual([
      'alice@acme.test',
      'frank.former@acme.test',
      'greta.gone@acme.test',
    ]);

    // The hourly sweep records what the date already says.
    await housekeeping(svc.app);
    expect((await userByEmail('alice@acme.test')).status).toBe('LEFT');

    // Brought back: she signs in again.
    const back = await put(aliceRecord.id, { endDate: null });
    expect(back.as(userSchema)).toMatchObject({ status: 'ACTIVE', endDate: null });
    expect((await svc.signIn('alice@acme.test')).user.id).toBe(aliceRecord.id);
  });

  it('asks who takes over a leaving manager’s reports, and moves them with the requests waiting', async () => {
    const manager = await userByEmail('manager@acme.test');
    const bob = await userByEmail('bob@acme.test');
    const alice = await userByEmail('alice@acme.test');
    const bobSession = await svc.signIn('bob@acme.test');
    const pending = (
      await svc.request('POST', '/api/leave', {
        token: bobSession.access_token,
        body: { startDate: '2026-04-06', endDate: '2026-04-07', type: 'ANNUAL' },
      })
    ).as(leaveSchema);
    const reports = (await svc.request('GET', `/api/users?pageSize=500`, { token: admin }))
      .as(userListSchema)
      .data.filter((u) => u.managerId === manager.id);

    const refused = await put(manager.id, { endDate: '2026-03-31' });
    expect(refused.status).toBe(409);
    expect(problem(refused).detail).toBe(
      `Max Manager manages ${reports.length} people, who need a new manager first: choose who takes over`,
    );
    expect((await userByEmail('manager@acme.test')).endDate ?? null).toBeNull();

    const loop = await put(manager.id, { endDate: '2026-03-31', reassignReportsTo: manager.id });
    expect(problem(loop).errors?.[0]?.path).toBe('reassignReportsTo');

    // Alice, one of the reports, takes over: the others report to her, she to her manager's manager,
    // and she becomes a manager to decide what waits for her.
    const moved = await put(manager.id, { endDate: '2026-03-31', reassignReportsTo: alice.id });
    expect(moved.status).toBe(200);
    expect((await userByEmail('bob@acme.test')).managerId).toBe(alice.id);
    expect(await userByEmail('alice@acme.test')).toMatchObject({
      managerId: manager.managerId,
      roles: ['USER', 'MANAGER'],
    });
    const aliceSession = await svc.signIn('alice@acme.test');
    const decided = await svc.request('PUT', `/api/leave/${pending.id}/status`, {
      token: aliceSession.access_token,
      body: { status: 'APPROVED' },
    });
    expect(decided.status).toBe(200);
    expect(bob.id).toBe(pending.userId);
  });

  it('keeps the last active admin: the role cannot go, nor the person', async () => {
    const adminRecord = await userByEmail('admin@acme.test');
    const demoted = await put(adminRecord.id, { roles: ['USER'] });
    expect(demoted.status).toBe(409);
    expect(problem(demoted).detail).toBe(
      'This is the last active administrator: give another person the administrator role first',
    );
    const leaving = await put(adminRecord.id, { endDate: '2026-03-31' });
    expect(leaving.status).toBe(409);
    expect(problem(leaving).detail).toMatch(/^This is the last active administrator/);

    // With a second admin who has joined, either may go.
    const carol = await userByEmail('carol@acme.test');
    expect((await put(carol.id, { roles: ['USER', 'ADMIN'] })).status).toBe(200);
    expect((await put(adminRecord.id, { roles: ['USER'] })).status).toBe(200);
  });

  it('gives back an employed status when a past last day moves to one still to come', async () => {
    const carol = await userByEmail('carol@acme.test');
    expect((await put(carol.id, { endDate: '2026-02-27' })).as(userSchema).status).toBe('LEFT');
    const later = await put(carol.id, { endDate: '2026-06-30' });
    expect(later.as(userSchema)).toMatchObject({ status: 'ACTIVE', endDate: '2026-06-30' });
    expect((await svc.signIn('carol@acme.test')).user.id).toBe(carol.id);
  });

  it('refuses a manager who has left, and bad dates, in words', async () => {
    const carol = await userByEmail('carol@acme.test');
    const bob = await userByEmail('bob@acme.test');
    expect((await put(carol.id, { endDate: '2026-02-27' })).status).toBe(200);
    const res = await put(bob.id, { managerId: carol.id });
    expect(res.status).toBe(400);
    expect(problem(res).errors).toEqual([
      {
        path: 'managerId',
        code: 'rules.people.managerLeft',
        message: 'Carol Chevalier has left the organization: choose another manager',
      },
    ]);
    const bad = await put(bob.id, { endDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(problem(bad).errors?.[0]?.path).toBe('endDate');
  });
});

describe('a new organization', () => {
  it('is made on the command line with its admin invited; the admin joins and runs it', async () => {
    const made = await createOrganization(
      svc.app.hr,
      { name: 'Zenith Ltd', adminEmail: 'Zoe@Zenith.example', adminFirstName: 'Zoe', adminLastName: 'Zed' },
      { linkBase: 'https://hr.zenith.example' },
    );
    expect(made.invitation?.url).toBe(`https://hr.zenith.example/join#${made.invitation?.token}`);
    const joined = (await accept(made.invitation!.url)).as(tokenResponseSchema);
    expect(joined.user).toMatchObject({ id: made.adminUserId, roles: ['ADMIN'], organizationId: made.organizationId });
    const token = joined.access_token;
    const org = await svc.request('GET', '/api/organization', { token });
    expect(org.body).toMatchObject({ name: 'Zenith Ltd', currency: 'EUR' });
    const people = (await svc.request('GET', '/api/users', { token })).as(userListSchema);
    expect(people.data.map((u) => u.email)).toEqual(['zoe@zenith.example']);
    // Ready to use: trainings have types and categories, leave has its default policy.
    const types = await svc.request('GET', '/api/training-types', { token });
    expect((types.body as { data: unknown[] }).data.length).toBeGreaterThan(3);
    expect((await svc.request('GET', '/api/leave/policy', { token })).status).toBe(200);
    // It sees nothing of Acme, and Acme nothing of it.
    expect((await svc.request('GET', `/api/users/${made.adminUserId}`, { token: admin })).status).toBe(404);
    const invited = await svc.request('POST', '/api/users', {
      token,
      body: { email: 'yan@zenith.example', firstName: 'Yan', lastName: 'Yu', nationality: 'FR' },
    });
    expect(invited.as(userSchema).invitation?.url).toMatch(/\/join#/);
  });

  it('signs up through the API only when the service was started with --open-signup', async () => {
    const body = {
      name: 'Open Co',
      adminEmail: 'founder@open.example',
      adminFirstName: 'Fay',
      adminLastName: 'Founder',
      nationality: 'DE',
      password: PASSWORD,
    };
    expect((await svc.request('POST', '/api/organizations', { body })).status).toBe(404);
    const open = await startTestService({ openSignup: true });
    try {
      const res = await open.request('POST', '/api/organizations', { body });
      expect(res.status).toBe(201);
      const session = res.as(tokenResponseSchema);
      expect(session.user.roles).toEqual(['ADMIN']);
      const me = (await open.request('GET', '/api/users/me', { token: session.access_token })).as(userSchema);
      expect(me).toMatchObject({ status: 'ACTIVE', firstName: 'Fay', nationality: 'DE' });
      // Emails are unique per organization only: the same founder may start another one.
      const again = await open.request('POST', '/api/organizations', { body: { ...body, name: 'Again' } });
      expect(again.status).toBe(201);
      const weak = await open.request('POST', '/api/organizations', {
        body: { ...body, adminEmail: 'x@open.example', password: 'password' },
      });
      expect(problem(weak).errors?.[0]?.path).toBe('password');
      const bad = await open.request('POST', '/api/organizations', { body: { name: 'X', adminEmail: 'nope' } });
      expect(bad.status).toBe(400);
      expect(
        problem(bad)
          .errors?.map((e) => e.path)
          .sort(),
      ).toEqual(['adminEmail', 'name', 'password']);
      // Rate-limited like sign-in.
      let last = 0;
      for (let i = 0; i < 10 && last !== 429; i++) {
        last = (await open.request('POST', '/api/organizations', { body: { ...body, adminEmail: `n${i}@o.example` } }))
          .status;
      }
      expect(last).toBe(429);
    } finally {
      await open.close();
    }
  });
});

describe('departments', () => {
  it('are added, renamed and deleted by an admin, once empty; names are unique whatever their case', async () => {
    const add = (name: unknown, token = admin) => svc.request('POST', '/api/departments', { token, body: { name } });
    const made = await add('  Customer Success ');
    expect(made.status).toBe(201);
    const cs = made.as(referenceItemSchema);
    expect(cs.name).toBe('Customer Success');
    const twice = await add('customer success');
    expect(twice.status).toBe(409);
    expect(problem(twice).errors).toEqual([
      {
        path: 'name',
        code: 'rules.people.departmentTaken',
        message: 'There is already a department called Customer Success',
      },
    ]);
    for (const name of ['', 'x'.repeat(101), 42]) expect((await add(name)).status).toBe(400);
    const alice = (await svc.signIn('alice@acme.test')).access_token;
    expect((await add('Mine', alice)).status).toBe(403);

    const renamed = await svc.request('PUT', `/api/departments/${cs.id}`, { token: admin, body: { name: 'Success' } });
    expect(renamed.as(referenceItemSchema)).toEqual({ id: cs.id, name: 'Success' });
    const list = (await svc.request('GET', '/api/departments', { token: alice })).as(referenceListSchema);
    expect(list.data).toContainEqual({ id: cs.id, name: 'Success' });

    // Not while anyone is in it, former colleagues included.
    const bob = await userByEmail('bob@acme.test');
    expect((await put(bob.id, { departmentId: cs.id })).status).toBe(200);
    const busy = await svc.request('DELETE', `/api/departments/${cs.id}`, { token: admin });
    expect(busy.status).toBe(409);
    expect(problem(busy).detail).toBe('Success still has 1 person: move them to another department first');
    expect((await put(bob.id, { endDate: '2026-02-27' })).status).toBe(200);
    expect(problem(await svc.request('DELETE', `/api/departments/${cs.id}`, { token: admin })).detail).toBe(
      'Success still has 1 former colleague: move them to another department first',
    );
    expect((await put(bob.id, { departmentId: null })).status).toBe(200);
    expect((await svc.request('DELETE', `/api/departments/${cs.id}`, { token: admin })).status).toBe(204);
    expect((await svc.request('DELETE', `/api/departments/${cs.id}`, { token: admin })).status).toBe(404);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { addHost } from '../../src-server/organization/hostStore';
import { startTestService, type TestService } from '../support/testService';

// An organization's own address: a request to it belongs to that organization only. Requests go in
// through Fastify's inject, whose Host header a test may set (fetch may not).

const services: TestService[] = [];
afterEach(async () => {
  for (const svc of services.splice(0)) await svc.close();
});

async function withAcmeHost(options: { trustProxy?: boolean } = {}) {
  const svc = await startTestService(options);
  services.push(svc);
  const acme = await svc.signIn('admin@acme.test');
  const globex = await svc.signIn('admin@globex.test');
  expect(await addHost(svc.engine, acme.user.organizationId, 'Acme.HR.test', svc.clock.now().toISOString())).toBe(true);
  // One address, one organization.
  expect(await addHost(svc.engine, globex.user.organizationId, 'acme.hr.test', svc.clock.now().toISOString())).toBe(
    false,
  );
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
    svc.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { svc, acme, globex, call };
}

describe("an organization's own address", () => {
  it('signs in only its people there, whatever the case or port of the host', async () => {
    const { call } = await withAcmeHost();
    const signIn = (host: string, email: string) =>
      call('POST', '/api/auth/token', { host }, { email, password: 'demo1234' });
    expect((await signIn('acme.hr.test', 'admin@acme.test')).statusCode).toBe(200);
    expect((await signIn('ACME.hr.test:8443', 'alice@acme.test')).statusCode).toBe(200);
    // Globex's admin is refused there as an unknown address would be: nothing says they exist.
    const refused = await signIn('acme.hr.test', 'admin@globex.test');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'Wrong email or password' });
    // The shared address signs in everyone.
    expect((await signIn('127.0.0.1', 'admin@globex.test')).statusCode).toBe(200);
  });

  it('refuses there a token or a sign-in of another organization, in words', async () => {
    const { acme, globex, call } = await withAcmeHost();
    const me = (host: string, token: string) =>
      call('GET', '/api/users/me', { host, authorization: `Bearer ${token}` });
    expect((await me('acme.hr.test', acme.access_token)).statusCode).toBe(200);
    const foreign = await me('acme.hr.test', globex.access_token);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ detail: expect.stringMatching(/another organization/) });
    expect((await me('127.0.0.1', globex.access_token)).statusCode).toBe(200);
    const refresh = await call(
      'POST',
      '/api/auth/refresh',
      { host: 'acme.hr.test' },
      {
        refresh_token: globex.refresh_token,
      },
    );
    expect(refresh.statusCode).toBe(401);
  });

  it('takes X-Forwarded-Host only from a proxy it was told to trust', async () => {
    const untrusting = await withAcmeHost();
    const forwarded = (w: typeof untrusting) =>
      w.call('GET', '/api/users/me', {
        host: '127.0.0.1',
        'x-forwarded-host': 'acme.hr.test',
        authorization: `Bearer ${w.globex.access_token}`,
      });
    expect((await forwarded(untrusting)).statusCode).toBe(200);
    const trusting = await withAcmeHost({ trustProxy: true });
    expect((await forwarded(trusting)).statusCode).toBe(401);
  });

  it('lets one email be a person of two organizations, asking on the shared address which one', async () => {
    const { svc, acme, globex, call } = await withAcmeHost();
    const PASSWORD = 'orchard-lantern-42';
    const add = (token: string, email: string, lastName: string) =>
      svc.request('POST', '/api/users', {
        token,
        body: { email, password: PASSWORD, firstName: 'Sam', lastName, nationality: 'GB', roles: ['USER'] },
      });
    // Sam works for both, with one password.
    for (const [who, lastName] of [
      [acme, 'Acme'],
      [globex, 'Globex'],
    ] as const) {
      const made = await add(who.access_token, lastName === 'Acme' ? 'sam@both.test' : 'Sam@Both.test', lastName);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // Within one organization the email is still one person's, whatever its case.
    const again = await add(acme.access_token, 'SAM@both.test', 'Again');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: 'Someone of this organization already has this email' });

    const signIn = (host: string, password = PASSWORD) =>
      call('POST', '/api/auth/token', { host }, { email: 'sam@both.test', password });
    const shared = await signIn('127.0.0.1');
    expect(shared.statusCode).toBe(409);
    expect(shared.json()).toMatchObject({ detail: expect.stringMatching(/own address/) });
    // A wrong password says nothing more than anywhere: the password decides first.
    expect((await signIn('127.0.0.1', 'wrong-password-1')).statusCode).toBe(401);
    // At Acme's address, Acme's Sam.
    const atAcme = await signIn('acme.hr.test');
    expect(atAcme.statusCode).toBe(200);
    const token = atAcme.json<{ access_token: string }>().access_token;
    const me = await call('GET', '/api/users/me', { host: 'acme.hr.test', authorization: `Bearer ${token}` });
    expect(me.json()).toMatchObject({ lastName: 'Acme', organizationId: acme.user.organizationId });
  });
});

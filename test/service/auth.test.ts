import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { problemSchema, refreshResponseSchema, userSchema, type Role } from '../../src-shared/wire';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(async () => {
  await svc.close();
});

describe('sign-in', () => {
  it.each<[string, Role]>([
    ['admin@acme.test', 'ADMIN'],
    ['manager@acme.test', 'MANAGER'],
    ['alice@acme.test', 'USER'],
    ['admin@globex.test', 'ADMIN'],
    ['dave@globex.test', 'USER'],
  ])('signs in %s as %s and the token opens /api/users/me', async (email, role) => {
    const token = await svc.signIn(email);
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(900);
    expect(token.expires_at).toBe(Math.floor(svc.clock.now().getTime() / 1000) + 900);
    expect(token.refresh_token).toBeTruthy();
    expect(token.user.email).toBe(email);
    expect(token.user.roles).toEqual([role]);

    const me = await svc.request('GET', '/api/users/me', { token: token.access_token });
    expect(me.status).toBe(200);
    const user = me.as(userSchema);
    expect(user).toMatchObject({ id: token.user.id, email, organizationId: token.user.organizationId });
    expect(me.headers.get('etag')).toBe(`"${user.version}"`);
    expect(JSON.stringify(me.body)).not.toContain('password');
  });

  it('accepts the email in any case', async () => {
    const token = await svc.signIn('Alice@ACME.test');
    expect(token.user.email).toBe('alice@acme.test');
  });

  it('refuses a wrong password and an unknown email alike, with problem details', async () => {
    for (const body of [
      { email: 'alice@acme.test', password: 'wrong-password' },
      { email: 'nobody@acme.test', password: 'demo1234' },
    ]) {
      const res = await svc.request('POST', '/api/auth/token', { body });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.as(problemSchema).detail).toBe('Wrong email or password');
    }
  });

  it('names the missing fields of a bad sign-in body', async () => {
    const res = await svc.request('POST', '/api/auth/token', { body: { email: 'alice@acme.test' } });
    expect(res.status).toBe(400);
    expect(res.as(problemSchema).errors).toMatchObject([{ path: 'password', message: expect.any(String) }]);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh answers a new access token and a new refresh token, both working', async () => {
    const first = await svc.signIn('alice@acme.test');
    const res = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(res.status).toBe(200);
    const next = res.as(refreshResponseSchema);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.access_token).not.toBe(first.access_token);
    const me = await svc.request('GET', '/api/users/me', { token: next.access_token });
    expect(me.as(userSchema).email).toBe('alice@acme.test');

    const again = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: next.refresh_token } });
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const first = await svc.signIn('alice@acme.test');
    const rotated = (
      await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } })
    ).as(refreshResponseSchema);

    // Past the grace window, a repeat is a copy someone kept.
    svc.clock.advance(61_000);
    const reuse = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.as(problemSchema).detail).toMatch(/already used/);

    // The legitimate holder's newer token died with the family.
    const victim = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: rotated.refresh_token } });
    expect(victim.status).toBe(401);

    // Another sign-in is another family, untouched.
    const other = await svc.signIn('alice@acme.test');
    const ok = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: other.refresh_token } });
    expect(ok.status).toBe(200);
  });

  it('answers a repeat of a token just rotated, while its successor is unused, with a successor of the family', async () => {
    const first = await svc.signIn('alice@acme.test');
    const refresh = (token: string | undefined) =>
      svc.request('POST', '/api/auth/refresh', { body: { refresh_token: token } });
    const lost = (await refresh(first.refresh_token)).as(refreshResponseSchema);
    svc.clock.advance(30_000);
    const repeat = await refresh(first.refresh_token);
    expect(repeat.status).toBe(200);
    const kept = repeat.as(refreshResponseSchema);
    expect(kept.refresh_token).not.toBe(lost.refresh_token);
    // The answer that never arrived is retired; the one delivered works, as does its access token.
    expect((await refresh(lost.refresh_token)).status).toBe(401);
    expect((await svc.request('GET', '/api/users/me', { token: kept.access_token })).status).toBe(200);
    const next = await refresh(kept.refresh_token);
    expect(next.status).toBe(200);

    // Once the successor was used, the old token again means a stolen copy: the family goes.
    const used = await refresh(first.refresh_token);
    expect(used.status).toBe(401);
    expect(used.as(problemSchema).detail).toMatch(/already used/);
    expect((await refresh(next.as(refreshResponseSchema).refresh_token)).status).toBe(401);
  });

  it('refuses a repeat after the grace window, and revokes the family', async () => {
    const first = await svc.signIn('bob@acme.test');
    const refresh = (token: string | undefined) =>
      svc.request('POST', '/api/auth/refresh', { body: { refresh_token: token } });
    const successor = (await refresh(first.refresh_token)).as(refreshResponseSchema);
    svc.clock.advance(60_001);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await refresh(successor.refresh_token)).status).toBe(401);
  });

  it('refuses an unknown or expired refresh token', async () => {
    const unknown = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: 'not-a-token' } });
    expect(unknown.status).toBe(401);
    const token = await svc.signIn('bob@acme.test');
    svc.clock.advance(31 * 86_400_000);
    const expired = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: token.refresh_token } });
    expect(expired.status).toBe(401);
    expect(expired.as(problemSchema).detail).toMatch(/expired/);
  });

  it('signs out: logout revokes the refresh token', async () => {
    const token = await svc.signIn('bob@acme.test');
    const out = await svc.request('POST', '/api/auth/logout', { body: { refresh_token: token.refresh_token } });
    expect(out.status).toBe(204);
    const res = await svc.request('POST', '/api/auth/refresh', { body: { refresh_token: token.refresh_token } });
    expect(res.status).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses an expired token after 15 minutes', async () => {
    const { access_token } = await svc.signIn('alice@acme.test');
    svc.clock.advance(14 * 60_000);
    expect((await svc.request('GET', '/api/users/me', { token: access_token })).status).toBe(200);
    svc.clock.advance(2 * 60_000);
    const res = await svc.request('GET', '/api/users/me', { token: access_token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.as(problemSchema).status).toBe(401);
  });

  it('refuses forged tokens: another key, a changed payload, alg none', async () => {
    const { access_token, user } = await svc.signIn('alice@acme.test');
    const now = Math.floor(svc.clock.now().getTime() / 1000);
    const otherKey = await new SignJWT({ org: user.organizationId, roles: ['ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('hr-service')
      .setAudience('hr-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode('a-secret-the-service-never-had-000'));
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const elevated = Buffer.from(JSON.stringify({ ...claims, roles: ['ADMIN'] })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const forged of [otherKey, `${header}.${elevated}.${signature}`, `${none}.${payload}.`]) {
      const res = await svc.request('GET', '/api/users/me', { token: forged });
      expect(res.status).toBe(401);
    }
  });

  it('refuses garbage and missing tokens', async () => {
    for (const authorization of ['Bearer garbage', 'Bearer a.b.c', 'Basic YWxpY2U6ZGVtbzEyMzQ=', 'Bearer ']) {
      const res = await svc.request('GET', '/api/users', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.as(problemSchema).title).toBe('Unauthorized');
    }
    expect((await svc.request('GET', '/api/users')).status).toBe(401);
  });
});

describe('login throttling', () => {
  it('answers 429 after five failures, even to the right password, until the lock passes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await svc.request('POST', '/api/auth/token', {
        body: { email: 'carol@acme.test', password: `guess-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await svc.request('POST', '/api/auth/token', {
      body: { email: 'carol@acme.test', password: 'demo1234' },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.as(problemSchema).status).toBe(429);

    // Another email is not affected.
    await expect(svc.signIn('bob@acme.test')).resolves.toBeTruthy();

    svc.clock.advance(16 * 60_000);
    await expect(svc.signIn('carol@acme.test')).resolves.toMatchObject({ user: { email: 'carol@acme.test' } });
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) {
      await svc.request('POST', '/api/auth/token', { body: { email: 'bob@acme.test', password: 'nope' } });
    }
    await svc.signIn('bob@acme.test');
    const res = await svc.request('POST', '/api/auth/token', { body: { email: 'bob@acme.test', password: 'nope' } });
    expect(res.status).toBe(401);
  });
});

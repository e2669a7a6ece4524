import { describe, expect, it } from 'vitest';
import { organizationSchema, problemSchema } from '../../src-shared/wire';
import { useDemoService } from '../support/accounts';

const env = useDemoService({ scale: 0 });

describe('the organization’s currency (ext)', () => {
  it('is EUR until an admin sets it, is read by every member, and stays in its organization', async () => {
    const read = async (token: string) =>
      (await env.svc.request('GET', '/api/organization', { token })).as(organizationSchema);
    expect(await read(env.a.alice.token)).toMatchObject({ name: 'Acme', currency: 'EUR' });
    const before = await env.svc.request('GET', '/api/organization', { token: env.a.alice.token });
    const etag = before.headers.get('etag')!;

    const set = (token: string, currency: unknown) =>
      env.svc.request('PUT', '/api/organization', { token, body: { currency } });
    expect((await set(env.a.manager.token, 'GBP')).status).toBe(403);
    const bad = await set(env.a.admin.token, 'Pounds');
    expect(bad.status).toBe(400);
    expect(bad.as(problemSchema).errors).toEqual([
      { path: 'currency', message: 'Choose a currency from the list, such as EUR or GBP' },
    ]);
    expect((await set(env.a.admin.token, 'gbp')).as(organizationSchema).currency).toBe('GBP');

    // A member's copy is not answered "unchanged" after the change.
    const after = await env.svc.request('GET', '/api/organization', {
      token: env.a.alice.token,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.as(organizationSchema).currency).toBe('GBP');
    expect(await read(env.a.dave.token)).toMatchObject({ name: 'Globex', currency: 'EUR' });
  });
});

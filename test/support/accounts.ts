import { afterAll, beforeAll, expect } from 'vitest';
import { leaveSchema, type Leave } from '../../src-shared/wire';
import { startTestService, type TestService } from './testService';

export interface Account {
  token: string;
  id: string;
}

/** Signs in each demo account once; `accounts.alice.token`, `accounts.alice.id`. */
export async function signInAll<K extends string>(
  svc: TestService,
  emails: Record<K, string>,
): Promise<Record<K, Account>> {
  const out = {} as Record<K, Account>;
  for (const key of Object.keys(emails) as K[]) {
    const t = await svc.signIn(emails[key]);
    out[key] = { token: t.access_token, id: t.user.id };
  }
  return out;
}

export const DEMO = {
  admin: 'admin@acme.test',
  manager: 'manager@acme.test',
  alice: 'alice@acme.test',
  bob: 'bob@acme.test',
  carol: 'carol@acme.test',
  globexAdmin: 'admin@globex.test',
  dave: 'dave@globex.test',
} as const;

/** A demo service for a test file, with every demo account signed in: `env.svc`, `env.a.alice`. */
export function useDemoService(options: Parameters<typeof startTestService>[0] = {}) {
  const env = {} as { svc: TestService; a: Record<keyof typeof DEMO, Account> };
  beforeAll(async () => {
    env.svc = await startTestService(options);
    env.a = await signInAll(env.svc, DEMO);
  });
  afterAll(async () => {
    await env.svc.close();
  });
  return env;
}

/** A request as a signed-in account: `call(alice, 'POST', '/api/leave', body, { 'if-match': '"1"' })`. */
export const callerOf =
  (env: { svc: TestService }) =>
  (who: Account, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    env.svc.request(method, path, { token: who.token, ...(body === undefined ? {} : { body }), headers });

/** A leave request asked for as an account (annual unless the body says), which must be taken. */
export const leaveAskerOf =
  (call: ReturnType<typeof callerOf>) =>
  async (who: Account, body: Record<string, unknown>): Promise<Leave> => {
    const res = await call(who, 'POST', '/api/leave', { type: 'ANNUAL', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.as(leaveSchema);
  };

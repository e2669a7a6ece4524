import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src-main/core/api/httpClient';
import { SessionExpiredError } from '../../src-main/core/api/apiErrors';
import { AuthSession } from '../../src-main/core/session/authSession';
import { FileTokenStore, MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService({ scale: 2 });
});
afterEach(async () => {
  await svc.close();
});

class CountingStore extends MemoryTokenStore {
  writes = 0;
  override async set(id: string, token: string) {
    this.writes += 1;
    return super.set(id, token);
  }
}

describe('the session', () => {
  it('shares one refresh among concurrent requests that meet an expired token', async () => {
    const store = new CountingStore();
    const session = new AuthSession(svc.url, 'acct', store);
    await session.adopt(await AuthSession.signIn(svc.url, 'alice@acme.test', 'demo1234'));
    const client = new HttpClient({ baseUrl: svc.url, tokens: session });
    svc.clock.advance(16 * 60_000);
    const results = await Promise.all(Array.from({ length: 6 }, () => client.request('api/users/me')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // One write at sign-in, one rotation for all six.
    expect(store.writes).toBe(2);
  });

  it('a refused refresh asks for a new sign-in and forgets the token', async () => {
    const store = new MemoryTokenStore();
    const session = new AuthSession(svc.url, 'acct', store);
    await session.adopt(await AuthSession.signIn(svc.url, 'bob@acme.test', 'demo1234'));
    await store.set('acct', 'not-a-real-token');
    const client = new HttpClient({ baseUrl: svc.url, tokens: session });
    svc.clock.advance(16 * 60_000);
    await expect(client.request('api/users/me')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(session.needsSignIn).toBe(true);
    expect(await store.get('acct')).toBeNull();
  });
});

describe('the file token store', () => {
  it('keeps tokens in a file only its owner can read, and survives a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-tokens-'));
    try {
      const path = join(dir, 'nested', 'tokens.json');
      const store = new FileTokenStore(path);
      await Promise.all([store.set('a', 'one'), store.set('b', 'two'), store.set('a', 'three')]);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const again = new FileTokenStore(path);
      expect(await again.get('a')).toBe('three');
      expect(await again.get('b')).toBe('two');
      await again.delete('a');
      expect(await new FileTokenStore(path).get('a')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

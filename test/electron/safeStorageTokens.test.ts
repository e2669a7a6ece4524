import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafeStorageTokenStore } from '../../src-main/electron/safeStorageTokens';
import { trustedPage } from '../../src-main/electron/windowSecurity';
import { fakeElectron } from '../support/fakeElectron';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hr-tokens-'));
  path = join(dir, 'tokens.sealed.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Sealer = ConstructorParameters<typeof SafeStorageTokenStore>[1];
type KeychainBackend = ReturnType<NonNullable<Sealer['getSelectedStorageBackend']>>;

const keychain = (backend: KeychainBackend, available = true): Sealer => ({
  ...fakeElectron({ userData: dir, appPath: dir }).electron.safeStorage,
  isEncryptionAvailable: () => available,
  getSelectedStorageBackend: () => backend,
});

describe('refresh tokens sealed by safeStorage', () => {
  it('outlive the store when a keychain seals them, and are not readable in the file', async () => {
    await new SafeStorageTokenStore(path, keychain('kwallet6')).set('acc-1', 'refresh-token-of-acc-1');
    const later = new SafeStorageTokenStore(path, keychain('kwallet6'));
    expect(await later.get('acc-1')).toBe('refresh-token-of-acc-1');
    expect(readFileSync(path, 'utf8')).not.toContain('refresh-token-of-acc-1');
    await later.delete('acc-1');
    expect(await later.get('acc-1')).toBeNull();
  });

  it.each([
    ['no keychain at all', keychain('unknown', false)],
    ["Linux's fixed-password fallback", keychain('basic_text')],
  ])('with %s, live in memory only: nothing written, gone after a restart', async (_case, sealer) => {
    const store = new SafeStorageTokenStore(path, sealer);
    expect(store.persistent).toBe(false);
    await store.set('acc-1', 'refresh-token-of-acc-1');
    expect(await store.get('acc-1')).toBe('refresh-token-of-acc-1');
    expect(existsSync(path)).toBe(false);
    expect(await new SafeStorageTokenStore(path, sealer).get('acc-1')).toBeNull();
  });

  it('a token sealed under another key reads as signed out, not as an error', async () => {
    writeFileSync(path, JSON.stringify({ 'acc-1': Buffer.from('not sealed here').toString('base64') }));
    expect(await new SafeStorageTokenStore(path, keychain('gnome_libsecret')).get('acc-1')).toBeNull();
  });
});

describe("the app's own page", () => {
  it('is the built renderer file, whatever the fragment or query', () => {
    const isOwn = trustedPage('file:///opt/hr/out/renderer/index.html');
    expect(isOwn('file:///opt/hr/out/renderer/index.html#/leave?id=1')).toBe(true);
    expect(isOwn('file:///opt/hr/out/renderer/other.html')).toBe(false);
    expect(isOwn('https://opt/hr/out/renderer/index.html')).toBe(false);
    expect(isOwn('not a url')).toBe(false);
  });

  it("is the dev server's origin in development", () => {
    const isOwn = trustedPage('http://localhost:5173/');
    expect(isOwn('http://localhost:5173/#/calendar')).toBe(true);
    expect(isOwn('http://localhost:5174/')).toBe(false);
    expect(isOwn('http://127.0.0.1:5173/')).toBe(false);
  });
});

import type { SafeStorage } from 'electron';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { KEY_BYTES, memoryCacheKey, newCacheKeyBytes, type CacheKey } from '../core/cache/cacheKey';

type Sealer = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * The caches' key, sealed by the operating system's keychain (safeStorage) in a file of the
 * user's data. Where nothing can seal it — or Linux would fall back to its fixed `basic_text`
 * password, which protects nothing — the key lives in memory for this session only.
 */
export function safeStorageCacheKey(path: string, sealer: Sealer): CacheKey {
  const sealable = sealer.isEncryptionAvailable() && sealer.getSelectedStorageBackend?.() !== 'basic_text';
  if (!sealable) return memoryCacheKey();
  if (existsSync(path)) {
    try {
      const key = Buffer.from(sealer.decryptString(Buffer.from(readFileSync(path, 'utf8'), 'base64')), 'hex');
      if (key.length === KEY_BYTES) return { key, kept: true };
    } catch {
      // Sealed under another keychain (another user, a reinstalled system): a new key, and the
      // caches it cannot open are fetched again.
    }
  }
  const key = newCacheKeyBytes();
  writeFileSync(path, sealer.encryptString(key.toString('hex')).toString('base64'), { mode: 0o600 });
  return { key, kept: true };
}

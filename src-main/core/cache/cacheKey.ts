import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key every account cache of this installation is encrypted with (256 random bits), and
 * whether it outlives this session. Where it cannot be kept safely it lives in memory only: the
 * caches are then fetched again after a restart, and unsent changes are lost with the key.
 */
export interface CacheKey {
  readonly key: Buffer;
  readonly kept: boolean;
}

export const KEY_BYTES = 32;

export function newCacheKeyBytes(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** A key for this session only. */
export function memoryCacheKey(): CacheKey {
  return { key: newCacheKeyBytes(), kept: false };
}

/**
 * The browser form's key (and the tests'): in a file only its owner may read (0600), beside the
 * token file, as an SSH key is kept. The desktop app seals its key with the OS keychain instead.
 */
export function fileCacheKey(file: string): CacheKey {
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length === KEY_BYTES) {
      chmodSync(file, 0o600);
      return { key, kept: true };
    }
  }
  const key = newCacheKeyBytes();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  return { key, kept: true };
}

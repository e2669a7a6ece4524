import type { SafeStorage } from 'electron';
import { FileTokenStore, MemoryTokenStore, type TokenStore } from '../core/session/tokens';

type Sealer = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * Refresh tokens sealed by the operating system's keychain (safeStorage) in a file of the user's
 * data. Where nothing can seal them — or Linux would fall back to a fixed password — they live in
 * memory only, and the user signs in again after a restart: never a readable token on disk.
 */
export class SafeStorageTokenStore implements TokenStore {
  private readonly file: FileTokenStore;
  private readonly memory = new MemoryTokenStore();

  constructor(
    path: string,
    private readonly sealer: Sealer,
  ) {
    this.file = new FileTokenStore(path);
  }

  /** Whether tokens outlive the app: a real keychain is there. */
  get persistent(): boolean {
    if (!this.sealer.isEncryptionAvailable()) return false;
    return this.sealer.getSelectedStorageBackend?.() !== 'basic_text';
  }

  async get(accountId: string): Promise<string | null> {
    if (!this.persistent) return this.memory.get(accountId);
    const sealed = await this.file.get(accountId);
    if (!sealed) return null;
    try {
      return this.sealer.decryptString(Buffer.from(sealed, 'base64'));
    } catch {
      // Sealed under another key (a new keychain, another user): as good as signed out.
      return null;
    }
  }

  async set(accountId: string, token: string): Promise<void> {
    if (!this.persistent) return this.memory.set(accountId, token);
    await this.file.set(accountId, this.sealer.encryptString(token).toString('base64'));
  }

  async delete(accountId: string): Promise<void> {
    await this.memory.delete(accountId);
    await this.file.delete(accountId);
  }
}

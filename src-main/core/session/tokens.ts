import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Where refresh tokens live between runs, by account. The Electron shell adds a store backed by
 * safeStorage; tests and the web host use these.
 */
export interface TokenStore {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, token: string): Promise<void>;
  delete(accountId: string): Promise<void>;
}

export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, string>();
  async get(accountId: string) {
    return this.tokens.get(accountId) ?? null;
  }
  async set(accountId: string, token: string) {
    this.tokens.set(accountId, token);
  }
  async delete(accountId: string) {
    this.tokens.delete(accountId);
  }
}

/** A JSON file readable by its owner only (0600), written to the disk and replaced atomically on every write. */
export class FileTokenStore implements TokenStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  async get(accountId: string) {
    return (await this.read())[accountId] ?? null;
  }

  set(accountId: string, token: string) {
    return this.update((all) => ({ ...all, [accountId]: token }));
  }

  delete(accountId: string) {
    return this.update(({ [accountId]: _gone, ...rest }) => rest);
  }

  private async read(): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  /** Writes one after another, so two quick rotations never lose the later token. */
  private update(change: (all: Record<string, string>) => Record<string, string>): Promise<void> {
    const next = this.queue.then(async () => {
      const all = change(await this.read());
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const temp = `${this.path}.${process.pid}.tmp`;
      // On the disk before it replaces the old file: a rotated token lost in a power cut would
      // leave only the old one, which the service answers for a minute at most.
      const file = await open(temp, 'w', 0o600);
      try {
        await file.writeFile(JSON.stringify(all));
        await file.sync();
      } finally {
        await file.close();
      }
      await chmod(temp, 0o600);
      await rename(temp, this.path);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

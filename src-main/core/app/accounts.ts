import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AccountSummary } from '@shared/appApi';

/** One cache per (service, organization, user): the id names that triple without revealing it. */
export function accountId(serviceUrl: string, organizationId: string, userId: string): string {
  const normalized = serviceUrl.trim().replace(/\/+$/, '').toLowerCase();
  return createHash('sha256').update(`${normalized}\n${organizationId}\n${userId}`).digest('hex').slice(0, 24);
}

/** The accounts that signed in on this machine (no secrets), so they reopen offline. */
export class AccountRegistry {
  private readonly file: string;

  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, 'accounts.json');
  }

  cachePath(id: string): string {
    return join(this.dataDir, 'accounts', `${id}.sqlite`);
  }

  list(): AccountSummary[] {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as AccountSummary[];
    } catch {
      return [];
    }
  }

  get(id: string): AccountSummary | undefined {
    return this.list().find((a) => a.id === id);
  }

  save(account: AccountSummary): void {
    this.write([account, ...this.list().filter((a) => a.id !== account.id)]);
  }

  remove(id: string): void {
    this.write(this.list().filter((a) => a.id !== id));
  }

  private write(accounts: AccountSummary[]): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(accounts, null, 2), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

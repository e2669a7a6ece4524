import type { Db } from '../db/open';
import { serviceStatement } from '../db/tenantDb';
import type { Clock } from '../system/clock';

export interface ThrottlePolicy {
  /** Failures allowed within the window before the email is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

interface FailureRow {
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Failed sign-ins per email; after too many the email is locked for a while (429), right password or not. */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Seconds until the email may try again, or 0. */
  lockedFor(email: string): number {
    const row = this.row(email);
    if (!row?.locked_until) return 0;
    const left = Date.parse(row.locked_until) - this.clock.now().getTime();
    return left > 0 ? left / 1000 : 0;
  }

  recordFailure(email: string): void {
    const now = this.clock.now();
    const row = this.row(email);
    const windowOpen = row && now.getTime() - Date.parse(row.window_started_at) < this.policy.windowSeconds * 1000;
    const failures = windowOpen ? row.failures + 1 : 1;
    const windowStart = windowOpen ? row.window_started_at : now.toISOString();
    const lockedUntil =
      failures >= this.policy.maxFailures
        ? new Date(now.getTime() + this.policy.lockSeconds * 1000).toISOString()
        : null;
    serviceStatement(
      this.db,
      `INSERT INTO login_failures (email, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET failures = excluded.failures,
         window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
    ).run(email, failures, windowStart, lockedUntil);
  }

  recordSuccess(email: string): void {
    serviceStatement(this.db, 'DELETE FROM login_failures WHERE email = ?').run(email);
  }

  private row(email: string): FailureRow | undefined {
    return serviceStatement(
      this.db,
      'SELECT failures, window_started_at, locked_until FROM login_failures WHERE email = ?',
    ).get(email) as FailureRow | undefined;
  }
}

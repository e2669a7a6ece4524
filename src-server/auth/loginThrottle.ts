import type { Engine } from '../db/engine/engine';
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
    private readonly engine: Engine,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Seconds until the email may try again, or 0. */
  async lockedFor(email: string): Promise<number> {
    const row = await this.row(email);
    if (!row?.locked_until) return 0;
    const left = Date.parse(row.locked_until) - this.clock.now().getTime();
    return left > 0 ? left / 1000 : 0;
  }

  /** Counted in one transaction, the email's row locked: failures sent to several instances at once each count. */
  recordFailure(email: string): Promise<void> {
    return this.engine.transaction(async () => {
      const now = this.clock.now();
      await this.engine.run(
        `INSERT INTO login_failures (email, failures, window_started_at) VALUES (:email, 0, :now)
         ON CONFLICT (email) DO NOTHING`,
        { email, now: now.toISOString() },
      );
      const row = await this.row(email, 'FOR UPDATE');
      const windowOpen = row && now.getTime() - Date.parse(row.window_started_at) < this.policy.windowSeconds * 1000;
      const failures = windowOpen ? row.failures + 1 : 1;
      const windowStart = windowOpen ? row.window_started_at : now.toISOString();
      const lockedUntil =
        failures >= this.policy.maxFailures
          ? new Date(now.getTime() + this.policy.lockSeconds * 1000).toISOString()
          : null;
      await this.engine.run(
        `INSERT INTO login_failures (email, failures, window_started_at, locked_until)
         VALUES (:email, :failures, :windowStart, :lockedUntil)
         ON CONFLICT (email) DO UPDATE SET failures = excluded.failures,
           window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
        { email, failures, windowStart, lockedUntil },
      );
    });
  }

  async recordSuccess(email: string): Promise<void> {
    await this.engine.run('DELETE FROM login_failures WHERE email = :email', { email });
  }

  private row(email: string, lock: 'FOR UPDATE' | '' = ''): Promise<FailureRow | undefined> {
    return this.engine.get<FailureRow>(
      `SELECT failures, window_started_at, locked_until FROM login_failures WHERE email = :email ${lock}`,
      { email },
    );
  }
}

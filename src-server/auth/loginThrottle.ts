import type { Engine } from '../db/engine/engine';
import type { Clock } from '../system/clock';
import { addFailureRow, clearFailures, readFailures, writeFailures } from './loginThrottleStore';

export interface ThrottlePolicy {
  /** Failures allowed within the window before the email is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** Failed sign-ins per email; after too many the email is locked for a while (429), right password or not. */
export class LoginThrottle {
  constructor(
    private readonly engine: Engine,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Seconds until the email may try again, or 0. */
  async lockedFor(email: string): Promise<number> {
    const row = await readFailures(this.engine, email);
    if (!row?.locked_until) return 0;
    const left = Date.parse(row.locked_until) - this.clock.now().getTime();
    return left > 0 ? left / 1000 : 0;
  }

  /** Counted in one transaction, the email's row locked: failures sent to several instances at once each count. */
  recordFailure(email: string): Promise<void> {
    return this.engine.transaction(async () => {
      const now = this.clock.now();
      await addFailureRow(this.engine, email, now.toISOString());
      const row = await readFailures(this.engine, email, true);
      const windowOpen = row && now.getTime() - Date.parse(row.window_started_at) < this.policy.windowSeconds * 1000;
      const failures = windowOpen ? row.failures + 1 : 1;
      const windowStart = windowOpen ? row.window_started_at : now.toISOString();
      const lockedUntil =
        failures >= this.policy.maxFailures
          ? new Date(now.getTime() + this.policy.lockSeconds * 1000).toISOString()
          : null;
      await writeFailures(this.engine, email, { failures, windowStart, lockedUntil });
    });
  }

  async recordSuccess(email: string): Promise<void> {
    await clearFailures(this.engine, email);
  }
}

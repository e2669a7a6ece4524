import type { Engine } from '../db/engine/engine';

// Failed sign-ins by email (service-wide); the lockout's rules are auth/loginThrottle.ts's.

export interface FailureRow {
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** The email's failures; with `lock`, its row is held until the transaction ends. */
export async function readFailures(engine: Engine, email: string, lock = false): Promise<FailureRow | undefined> {
  return engine.get<FailureRow>(
    `SELECT failures, window_started_at, locked_until FROM login_failures WHERE email = :email ${lock ? 'FOR UPDATE' : ''}`,
    { email },
  );
}

/** A row for the email to count on, unless it has one. */
export async function addFailureRow(engine: Engine, email: string, now: string): Promise<void> {
  await engine.run(
    `INSERT INTO login_failures (email, failures, window_started_at) VALUES (:email, 0, :now)
         ON CONFLICT (email) DO NOTHING`,
    { email, now },
  );
}

export async function writeFailures(
  engine: Engine,
  email: string,
  f: { failures: number; windowStart: string; lockedUntil: string | null },
): Promise<void> {
  await engine.run(
    `INSERT INTO login_failures (email, failures, window_started_at, locked_until)
         VALUES (:email, :failures, :windowStart, :lockedUntil)
         ON CONFLICT (email) DO UPDATE SET failures = excluded.failures,
           window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
    { email, ...f },
  );
}

export async function clearFailures(engine: Engine, email: string): Promise<void> {
  await engine.run('DELETE FROM login_failures WHERE email = :email', { email });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');

export interface Figure {
  part: string;
  name: string;
  value: number;
  unit: string;
  limit?: number;
  /** value / limit, or how the target compares */
  ratio?: number;
  target: string;
  met: boolean;
  /** A figure for context, beside a target rather than one itself: not counted as met or missed. */
  info?: boolean;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The middle one of an odd number of runs ranked by `value`, with its other figures (for numbers alone: percentile). */
export function medianBy<T>(runs: T[], value: (run: T) => number): T {
  return [...runs].sort((a, b) => value(a) - value(b))[(runs.length - 1) >> 1]!;
}

/** "lowest–highest", for a figure's name. */
export function range(values: number[], digits = 0): string {
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
}

/**
 * The work's answer, or a failure naming what was waited for once `ms` have passed: no step of the
 * bench may hold the run (a page's evaluate has no time limit of its own).
 */
export function withLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/**
 * A server in its own process, so its work does not share a core with the measured side: the real
 * service by default, or another script that prints "listening on <url>".
 */
export async function startServiceProcess(
  args: string[],
  script = join(ROOT, 'src-server', 'cli.ts'),
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}): ${out}`)));
  });
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export async function token(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The body of a leave request for week `n` after 2100-01-05, a Tuesday: Tuesday to Friday always keeps a working day. */
export function weekOfLeave(n: number): string {
  const tuesday = new Date(Date.UTC(2100, 0, 5 + 7 * n));
  const start = tuesday.toISOString().slice(0, 10);
  const end = new Date(tuesday.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({ startDate: start, endDate: end, type: 'ANNUAL' });
}

/** Access tokens of up to `count` of the admin's colleagues who have no role but USER, signed in at once. */
export async function employeeTokens(url: string, adminToken: string, count: number): Promise<string[]> {
  const res = await fetch(`${url}/api/users?pageSize=${count * 2}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { data } = (await res.json()) as { data: { email: string; roles: string[] }[] };
  const emails = data
    .filter((u) => u.roles.length === 1 && u.roles[0] === 'USER')
    .slice(0, count)
    .map((u) => u.email);
  return Promise.all(emails.map((email) => token(url, email)));
}

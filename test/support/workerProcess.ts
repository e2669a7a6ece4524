import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { SyncStatus } from '../../src-shared/appApi';

const root = join(__dirname, '..', '..');
const worker = join(root, 'test', 'support', 'pushWorker.ts');

/**
 * The push worker on an account's data folder: ready once it starts syncing, its output kept.
 * It is this one process, TypeScript read by tsx's loader (`node --import tsx`), so that killing
 * `child` kills the worker. tsx's command runs a script in a child process of its own: a SIGKILL of
 * the command (which it cannot pass on) left the worker running, orphaned, beside the next one on
 * the same data folder, the two of them sending the same refresh token.
 */
export function runWorker(dataDir: string, accountId: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir, accountId], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (out.includes('ready\n')) markReady();
  });
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return { child, ready, exited: once(child, 'exit'), output: () => out, running: () => running(out) };
}

/** Whether the worker that wrote `out` still runs (its process id is its first line). */
function running(out: string): boolean {
  const pid = Number(/^pid (\d+)$/m.exec(out)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The worker run until it is through; its exit code and the sync status it printed last. */
export async function runToEnd(dataDir: string, accountId: string) {
  const run = runWorker(dataDir, accountId);
  const [code] = (await run.exited) as [number | null];
  const lines = run.output().trim().split('\n');
  return { code, output: run.output(), status: JSON.parse(lines[lines.length - 1]!) as SyncStatus };
}

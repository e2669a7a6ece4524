import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * `npm run server -- …args` as its own process, with its output kept. Node itself with tsx's
 * loader, not the tsx command: that wrapper relays a signal to the program in a process of its own
 * and, on a starved machine, may exit by the signal before the program has answered it.
 */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-server', 'cli.ts'), ...args], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited: once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>,
  };
}

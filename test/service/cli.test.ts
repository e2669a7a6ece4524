import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

describe('npm run server', () => {
  it('prints the address it listens on, serves, and exits 0 on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--db', ':memory:', '--demo', '--scale', '3']);
    await expect.poll(() => run.output().stdout, { timeout: 15_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /listening on (http:\/\/\S+)/.exec(run.output().stdout)![1]!;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const token = await fetch(`${url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dave@globex.test', password: 'demo1234' }),
    });
    expect(token.status).toBe(200);
    run.child.kill('SIGTERM');
    const [code] = await run.exited;
    expect(code).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    const run = runCli(['--port', '0', '--db', ':memory:']);
    await expect.poll(() => run.output().stdout, { timeout: 15_000 }).toMatch(/listening on/);
    run.child.kill('SIGINT');
    const [code] = await run.exited;
    expect(code).toBe(0);
  });

  it('refuses bad arguments with a message and exit code 2', async () => {
    for (const args of [['--port', 'eighty'], ['--scale', '-1'], ['--frobnicate']]) {
      const run = runCli(args);
      const [code] = await run.exited;
      expect(code, args.join(' ')).toBe(2);
      expect(run.output().stderr).toMatch(/Usage: npm run server/);
    }
  });
});

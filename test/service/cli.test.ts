import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

describe('npm run server', () => {
  it('prints the address it listens on, serves, and exits 0 on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--db', ':memory:', '--demo', '--scale', '3']);
    await expect.poll(() => run.output().stdout, { timeout: 15_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /listening on (http:\/\/\S+)/.exec(run.output().stdout)![1]!;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', mail: false });
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

  it('creates an organization with its admin invited; the server started on that database lets them join', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-cli-'));
    const db = join(dir, 'hr.sqlite');
    try {
      const args = ['organization', 'create', '--name', 'Acme Ltd', '--admin-email', 'a@acme.example', '--db', db];
      const create = runCli([
        ...args,
        '--admin-first-name',
        'Ada',
        // Its own address, and so where its links point.
        '--host',
        'HR.acme.example',
        '--json',
      ]);
      const [code] = await create.exited;
      expect(code, create.output().stderr).toBe(0);
      const made = JSON.parse(create.output().stdout) as Record<string, string>;
      expect(Object.keys(made).sort()).toEqual([
        'adminUserId',
        'expiresAt',
        'inviteToken',
        'inviteUrl',
        'organizationId',
      ]);
      expect(made.inviteUrl).toBe(`https://hr.acme.example/join#${made.inviteToken}`);

      const words = runCli(['organization', 'create', '--name', 'Beta', '--admin-email', 'b@beta.example', '--db', db]);
      expect((await words.exited)[0]).toBe(0);
      expect(words.output().stdout).toMatch(
        /^Created Beta \(organization \S+\)\.\nIts administrator b@beta\.example is invited/,
      );

      const another = runCli([
        ...args.slice(0, 2),
        '--name',
        'Gamma',
        '--admin-email',
        'g@gamma.example',
        '--host',
        'hr.acme.example',
        '--db',
        db,
      ]);
      expect((await another.exited)[0]).toBe(1);
      expect(another.output().stderr).toMatch(/^--host: hr\.acme\.example is another organization's address/);
      const moreHost = runCli([
        'organization',
        'add-host',
        '--id',
        made.organizationId!,
        '--host',
        'acme.example',
        '--db',
        db,
      ]);
      expect((await moreHost.exited)[0], moreHost.output().stderr).toBe(0);
      expect(moreHost.output().stdout).toBe(
        `acme.example is now the address of organization ${made.organizationId}.\n`,
      );

      // Emails are unique per organization: one person may administer two.
      const again = runCli([...args.slice(0, 4), '--admin-email', 'A@acme.example', '--db', db]);
      expect((await again.exited)[0], again.output().stderr).toBe(0);
      expect(again.output().stdout).toMatch(
        /^Created Acme Ltd \(organization \S+\)\.\nIts administrator A@acme\.example is invited/,
      );
      const bad = [
        ['organization', 'create', '--admin-email', 'x@y.example', '--db', db],
        ['organization', 'create', '--name', 'X Co', '--admin-email', 'nope', '--db', db],
        ['organization', 'delete', '--db', db],
      ].map((argv) => ({ argv, run: runCli(argv) }));
      for (const { argv, run } of bad) {
        expect((await run.exited)[0], argv.join(' ')).toBe(2);
        expect(run.output().stderr).toMatch(/Usage: npm run server -- organization create/);
      }
      expect(bad[0]!.run.output().stderr).toMatch(/^--name: /);
      expect(bad[1]!.run.output().stderr).toMatch(/^--admin-email: Expected an email address/);

      const server = runCli(['--port', '0', '--db', db]);
      await expect.poll(() => server.output().stdout, { timeout: 15_000 }).toMatch(/listening on/);
      const url = /listening on (http:\/\/\S+)/.exec(server.output().stdout)![1]!;
      const joined = await fetch(`${url}/api/auth/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: made.inviteUrl, password: 'first light over the harbour' }),
      });
      expect(joined.status).toBe(200);
      expect(((await joined.json()) as { user: { id: string } }).user.id).toBe(made.adminUserId);
      server.child.kill('SIGTERM');
      expect((await server.exited)[0]).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Seven processes of the CLI, each a few seconds to start on a busy machine.
  }, 180_000);
});

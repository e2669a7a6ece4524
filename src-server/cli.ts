import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SCALE } from './demo/seed';
import { userDataDir } from '../src-node/sqlite/userDataDir';
import { startService } from './start';
import { ORGANIZATION_USAGE, runOrganizationCommand } from './organization/organizationCli';

const defaultDb = () => process.env.DATABASE_URL ?? join(userDataDir(), 'service', 'hr.sqlite');

const USAGE = `Usage: npm run server -- [--port 4010] [--host 127.0.0.1] [--db PATH|:memory:|postgres://…] [--demo] [--scale N]

  --port    port to listen on (default 4010; 0 picks a free one)
  --host    address to listen on (default 127.0.0.1)
  --db      a SQLite database file, or a PostgreSQL database's URL (postgres://user:password@host:5432/hr);
            default: the DATABASE_URL environment variable, else ${join(userDataDir(), 'service', 'hr.sqlite')}
  --pool    connections this instance keeps to PostgreSQL (default 10)
  --demo    seed an empty database with the demo organizations Acme and Globex
  --scale   generated employees per demo organization (default ${DEFAULT_SCALE})
  --log     log level: fatal, error, warn, info, debug (default warn)
  --public-url   where people reach the service: the start of links in invitations (default: the request's address)
  --open-signup  anyone may create an organization with POST /api/organizations
  --trust-proxy  a proxy in front sets X-Forwarded-Host and -Proto (an organization's own address)
  --smtp         mail invitations and password resets through this server: smtp://user:pass@host:587
                 (default the SMTP_URL environment variable; without it nothing is mailed); needs --public-url
  --mail-from    the sender of those mails (default HR <no-reply@localhost>)

${ORGANIZATION_USAGE}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function integer(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'organization') {
    process.exitCode = await runOrganizationCommand(process.argv.slice(3), defaultDb());
    return;
  }
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        pool: { type: 'string' },
        demo: { type: 'boolean', default: false },
        scale: { type: 'string' },
        log: { type: 'string' },
        'public-url': { type: 'string' },
        'open-signup': { type: 'boolean', default: false },
        'trust-proxy': { type: 'boolean', default: false },
        smtp: { type: 'string' },
        'mail-from': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const level = values.log ?? 'warn';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level))
    fail(`Unknown --log level ${level}`);

  const smtpUrl = values.smtp ?? process.env.SMTP_URL;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) fail('--smtp must be an smtp:// or smtps:// URL');
  const publicUrl = values['public-url'] ?? process.env.PUBLIC_URL;
  if (smtpUrl && !publicUrl) fail('--smtp needs --public-url: the address the links in its mails point to');
  const service = await startService({
    dbPath: values.db ?? defaultDb(),
    poolSize: integer(values.pool, 'pool', 10, 1, 1_000),
    host: values.host ?? '127.0.0.1',
    port: integer(values.port, 'port', 4010, 0, 65535),
    demo: values.demo,
    scale: integer(values.scale, 'scale', DEFAULT_SCALE, 0, 100_000),
    logger: { level },
    publicUrl,
    openSignup: values['open-signup'],
    trustProxy: values['trust-proxy'],
    mail: smtpUrl
      ? { smtpUrl, from: values['mail-from'] ?? process.env.MAIL_FROM ?? 'HR <no-reply@localhost>' }
      : undefined,
  });
  if (service.seededInSeconds !== null) {
    process.stdout.write(`Seeded demo data in ${service.seededInSeconds.toFixed(1)} s\n`);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`${signal}: closing\n`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Said once the signals are handled: whoever reads it may stop the service at once.
  process.stdout.write(`HR service listening on ${service.url}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The HR service could not start: ${message}\n`);
  process.exit(1);
});

import { parseArgs } from 'node:util';
import { longDateOf } from '@shared/rules';
import { organizationCreateSchema } from '@shared/wire';
import { OneTimeTokens } from '../auth/oneTimeTokens';
import { commitEachTransaction } from '../db/engine/groupCommit';
import { Mailer } from '../mail/mailer';
import { HttpProblem } from '../http/problem';
import { openStore } from '../start';
import { systemClock } from '../system/clock';
import { createOrganization } from './newOrganization';
import { addHost, hostName, organizationOfHost } from './hostStore';
import { organizationIds } from './organizationStore';

export const ORGANIZATION_USAGE = `Usage: npm run server -- organization create --name NAME --admin-email EMAIL [options]

  --name              the organization's name
  --admin-email       its first administrator's email: they are invited and choose their password
  --admin-first-name  --admin-last-name  the administrator's name (default Admin Administrator)
  --nationality       the administrator's country, ISO 3166-1 alpha-2 (default GB)
  --currency          the organization's currency, ISO 4217 (default EUR)
  --host              its own address (acme.hr.example): there only its people sign in
  --public-url        where people reach the service, the start of the invitation's link
                      (default https://HOST with --host, else PUBLIC_URL, else http://127.0.0.1:4010)
  --db                the same database as the server's (a SQLite file or a postgres:// URL)
  --json              print one JSON object: organizationId, adminUserId, inviteToken, inviteUrl, expiresAt

       npm run server -- organization add-host --id ORGANIZATION_ID --host NAME --db …`;

/** `organization create …`: answers the process's exit code (2 for bad arguments, 1 when it failed). */
export async function runOrganizationCommand(args: string[], defaultDb: string): Promise<number> {
  const fail = (message: string, code = 2) => {
    process.stderr.write(`${message}\n\n${ORGANIZATION_USAGE}\n`);
    return code;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-first-name': { type: 'string' },
        'admin-last-name': { type: 'string' },
        nationality: { type: 'string' },
        currency: { type: 'string' },
        'public-url': { type: 'string' },
        host: { type: 'string' },
        id: { type: 'string' },
        db: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'add-host' && positionals.length === 1) {
    if (!values.id || !values.host) return fail('--id and --host: which organization, and its address');
    const { engine, checkpointer } = await openStore({ dbPath: values.db ?? defaultDb });
    try {
      if (!(await organizationIds(engine)).includes(values.id)) return fail(`--id: no organization ${values.id}`, 1);
      if (!(await addHost(engine, values.id, values.host, systemClock.now().toISOString()))) {
        return fail(`--host: ${hostName(values.host)} is another organization's address`, 1);
      }
      process.stdout.write(`${hostName(values.host)} is now the address of organization ${values.id}.\n`);
      return 0;
    } finally {
      await checkpointer?.close();
      await engine.close();
    }
  }
  if (positionals[0] !== 'create' || positionals.length !== 1) {
    return fail('Say what to do: organization create, or organization add-host');
  }
  const input = organizationCreateSchema.safeParse({
    name: values.name,
    adminEmail: values['admin-email'],
    adminFirstName: values['admin-first-name'],
    adminLastName: values['admin-last-name'],
    nationality: values.nationality,
    currency: values.currency,
  });
  if (!input.success) {
    const flags: Record<string, string> = { adminEmail: '--admin-email', adminFirstName: '--admin-first-name' };
    return fail(
      input.error.issues
        .map(
          (i) =>
            `${flags[String(i.path[0])] ?? `--${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}: ${i.message}`,
        )
        .join('\n'),
    );
  }
  const host = values.host === undefined ? null : hostName(values.host);
  if (host !== null && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host)) {
    return fail('--host: a host name such as acme.hr.example');
  }
  const linkBase = (
    values['public-url'] ??
    (host ? `https://${host}` : null) ??
    process.env.PUBLIC_URL ??
    'http://127.0.0.1:4010'
  ).replace(/\/+$/, '');
  const { engine, checkpointer } = await openStore({ dbPath: values.db ?? defaultDb });
  try {
    if (host && (await organizationOfHost(engine, host)))
      return fail(`--host: ${host} is another organization's address`, 1);
    const made = await createOrganization(
      {
        engine,
        clock: systemClock,
        oneTimeTokens: new OneTimeTokens(engine, systemClock),
        // The command prints the invitation; the server mails what it queues itself.
        mailer: new Mailer(engine, systemClock, commitEachTransaction, null, () => undefined),
      },
      input.data,
      { linkBase },
    );
    if (host) await addHost(engine, made.organizationId, host, systemClock.now().toISOString());
    const invitation = made.invitation!;
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({
          organizationId: made.organizationId,
          adminUserId: made.adminUserId,
          inviteToken: invitation.token,
          inviteUrl: invitation.url,
          expiresAt: invitation.expiresAt,
        })}\n`,
      );
    } else {
      process.stdout.write(
        `Created ${input.data.name} (organization ${made.organizationId}).\n` +
          `Its administrator ${input.data.adminEmail} is invited: send them this link, which works once, until ${longDateOf(invitation.expiresAt)}:\n\n  ${invitation.url}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpProblem) return fail(error.message, 1);
    throw error;
  } finally {
    await checkpointer?.close();
    await engine.close();
  }
}

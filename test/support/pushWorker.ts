// A desktop backend process for the crash test: opens an account from its data folder, syncs until
// the outbox is empty, prints "ready" before syncing and the final status after. The test kills it with SIGKILL at random moments.
import { join } from 'node:path';
import pino from 'pino';
import { Backend } from '../../src-main/core/app/backend';
import { FileTokenStore } from '../../src-main/core/session/tokens';
import { letTimePass } from './waits';

/**
 * The token file, with each new token announced before and after it is kept, and a pause between
 * the service's answer and the write: a kill often lands after the service rotated the token and
 * before this process kept the new one, and the test can tell which side of the write it hit.
 */
class AnnouncedTokenStore extends FileTokenStore {
  override async set(accountId: string, token: string): Promise<void> {
    process.stdout.write('storing\n');
    await letTimePass(Number(process.env.STORE_PAUSE_MS ?? 0));
    await super.set(accountId, token);
    process.stdout.write('stored\n');
  }
}

async function main() {
  // Which process this is: the test checks that a kill ended it.
  process.stdout.write(`pid ${process.pid}\n`);
  const [dataDir, accountId] = process.argv.slice(2) as [string, string];
  const backend = new Backend({
    dataDir,
    tokens: new AnnouncedTokenStore(join(dataDir, 'tokens.json')),
    // What went wrong, on standard error: the test shows it when a run fails.
    log: pino({ level: 'warn' }, pino.destination(2)),
    sync: { autoStart: false, debounceMs: 3_600_000, intervalMs: 3_600_000, reconnectMs: 3_600_000 },
  });
  const h = backend.handlers;
  await h['session.open']({ accountId });
  // The test times its kill from here: the sync starts now.
  process.stdout.write('ready\n');
  let status = await h['sync.now'](undefined);
  // Never signs in again with a password: a kill at any moment must not cost the sign-in.
  for (let round = 0; round < 40 && !status.needsSignIn && (status.pending > 0 || status.lastError); round++) {
    status = await h['sync.now'](undefined);
  }
  process.stdout.write(`${JSON.stringify(status)}\n`);
  backend.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

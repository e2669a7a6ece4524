// A desktop backend process for the crash test: opens an account from its data folder, syncs until
// the outbox is empty, prints "ready" before syncing and the final status after. The test kills it with SIGKILL at random moments.
import { join } from 'node:path';
import { Backend } from '../../src-main/core/app/backend';
import { FileTokenStore } from '../../src-main/core/session/tokenStore';

async function main() {
  const [dataDir, accountId] = process.argv.slice(2) as [string, string];
  const backend = new Backend({
    dataDir,
    tokens: new FileTokenStore(join(dataDir, 'tokens.json')),
    sync: { autoStart: false, debounceMs: 3_600_000, intervalMs: 3_600_000, reconnectMs: 3_600_000 },
  });
  const h = backend.handlers;
  const account = await h['session.open']({ accountId });
  // The test times its kill from here: the sync starts now.
  process.stdout.write('ready\n');
  let status = await h['sync.now'](undefined);
  for (let round = 0; round < 20 && (status.pending > 0 || status.needsSignIn || status.lastError); round++) {
    if (status.needsSignIn) {
      // Killed between a token rotation and saving the new token: this worker knows the password.
      await h['session.signIn']({ serviceUrl: account.serviceUrl, email: account.email, password: 'demo1234' });
    }
    status = await h['sync.now'](undefined);
  }
  process.stdout.write(`${JSON.stringify(status)}\n`);
  backend.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { logCrashes, stdoutLog } from '../core/log/appLog';
import { FileTokenStore } from '../core/session/tokens';
import { userDataDir } from '../../src-node/sqlite/userDataDir';
import { openDesktopBackend } from '../launch/desktopBackend';
import { startWebHost } from './webHost';

const USAGE = `Usage: npm run web -- [--port 5180] [--service URL] [--data-dir DIR]

  --port      port of the page (default 5180; 0 picks a free one)
  --service   HR service to offer at sign-in; without it a demo service starts here
  --data-dir  where accounts, caches and tokens live (default ${join(userDataDir(), 'web')})`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        service: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? 5180);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a port number\n\n${USAGE}\n`);
    process.exit(2);
  }
  const dataDir = resolve(values['data-dir'] ?? join(userDataDir(), 'web'));
  const log = stdoutLog('web');
  logCrashes(log);
  const { backend, demo, close } = await openDesktopBackend({
    dataDir,
    tokens: new FileTokenStore(join(dataDir, 'tokens.json')),
    serviceUrl: values.service,
    log,
  });
  const host = await startWebHost({ backend, rendererDir: resolve(__dirname, '..', '..', 'out', 'renderer'), port });
  if (demo) process.stdout.write(`Demo HR service on ${demo.url} (password demo1234 for every demo account)\n`);
  process.stdout.write(`Open ${host.url}\n`);
  const shutdown = async () => {
    await host.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`The web host could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

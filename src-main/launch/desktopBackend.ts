import { join } from 'node:path';
import { startService, type RunningService } from '../../src-server/start';
import { Backend } from '../core/app/backend';
import type { BackendOptions } from '../core/app/openAccount';
import type { CacheKey } from '../core/cache/cacheKey';
import type { AppLogger } from '../core/log/appLog';
import type { TokenStore } from '../core/session/tokens';

export interface DesktopBackendOptions {
  /** Where accounts, caches and the demo service's database live. */
  dataDir: string;
  tokens: TokenStore;
  /** The HR service to offer at sign-in; without it a demo service starts beside the backend. */
  serviceUrl?: string;
  /** better-sqlite3's addon when not its own build (Electron's ABI). */
  nativeBinding?: string;
  /** The caches' key (by default a random one in a 0600 file of the data folder). */
  cacheKey?: CacheKey | null;
  /** The sync engine's timing (tests shorten it). */
  sync?: BackendOptions['sync'];
  log?: AppLogger;
}

export interface DesktopBackend {
  backend: Backend;
  /** The embedded demo service, when one was started. */
  demo: RunningService | null;
  close(): Promise<void>;
}

/** The app's backend as both hosts start it (Electron and the web host): with a demo service unless given one. */
export async function openDesktopBackend(options: DesktopBackendOptions): Promise<DesktopBackend> {
  const demo = options.serviceUrl
    ? null
    : await startService({
        dbPath: join(options.dataDir, 'demo-service.sqlite'),
        port: 0,
        demo: true,
        logger: { level: 'warn' },
        nativeBinding: options.nativeBinding,
      });
  const backend = new Backend({
    dataDir: options.dataDir,
    tokens: options.tokens,
    demoServiceUrl: options.serviceUrl ?? demo?.url,
    nativeBinding: options.nativeBinding,
    cacheKey: options.cacheKey,
    sync: options.sync,
    log: options.log,
  });
  // The account used last opens by itself, from its local copy (no network needed), as a desktop
  // app reopens where it was; one that cannot be opened leaves the sign-in page.
  const last = (await backend.handlers['session.accounts'](undefined)).find((a) => a.signedIn);
  if (last) {
    await backend.handlers['session.open']({ accountId: last.id }).catch((error: unknown) => {
      options.log?.warn({ err: error }, 'the account used last could not be opened');
    });
  }
  return {
    backend,
    demo,
    close: async () => {
      backend.close();
      await demo?.close();
    },
  };
}

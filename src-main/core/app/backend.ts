import { join } from 'node:path';
import type { AppEventName, AppEvents, AppHandlers } from '../../../src-shared/appApi';
import { WorkOffline } from '../api/workOffline';
import { fileCacheKey } from '../cache/cacheKey';
import { silentLog } from '../log/appLog';
import { AccountRegistry } from './accounts';
import type { BackendContext, BackendOptions } from './openAccount';
import { calendarHandlers } from './handlers/calendarHandlers';
import { formHandlers } from './handlers/formHandlers';
import { myFormHandlers } from './handlers/myFormHandlers';
import { leaveHandlers } from './handlers/leaveHandlers';
import { balanceHandlers } from './handlers/balanceHandlers';
import { notificationHandlers } from './handlers/notificationHandlers';
import { sessionHandlers } from './handlers/sessionHandlers';
import { syncHandlers } from './handlers/syncHandlers';
import { trainingHandlers } from './handlers/trainingHandlers';
import { userHandlers } from './handlers/userHandlers';

export type EventListener = <E extends AppEventName>(name: E, payload: AppEvents[E]) => void;

/**
 * The desktop backend: the app API over the local cache, with the sync engine behind it. The
 * same object serves Electron IPC, the WebSocket host and tests (direct calls).
 */
export class Backend {
  readonly handlers: AppHandlers;
  private readonly ctx: BackendContext;
  private readonly listeners = new Set<EventListener>();

  constructor(options: BackendOptions) {
    this.ctx = {
      options,
      registry: new AccountRegistry(options.dataDir),
      now: options.now ?? (() => new Date()),
      account: null,
      offline: new WorkOffline(join(options.dataDir, 'preferences.json')),
      log: options.log ?? silentLog(),
      cacheKey: options.cacheKey === undefined ? fileCacheKey(join(options.dataDir, 'cache.key')) : options.cacheKey,
      emit: (name, payload) => {
        for (const listener of this.listeners) listener(name, payload);
      },
    };
    this.handlers = {
      ...sessionHandlers(this.ctx),
      ...syncHandlers(this.ctx),
      ...userHandlers(this.ctx),
      ...trainingHandlers(this.ctx),
      ...leaveHandlers(this.ctx),
      ...balanceHandlers(this.ctx),
      ...calendarHandlers(this.ctx),
      ...notificationHandlers(this.ctx),
      ...formHandlers(this.ctx),
      ...myFormHandlers(this.ctx),
    } satisfies AppHandlers;
  }

  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get log() {
    return this.ctx.log;
  }

  /** Test and host access to the open account's engine and cache. */
  get account() {
    return this.ctx.account;
  }

  close(): void {
    this.ctx.account?.close();
    this.ctx.account = null;
  }
}

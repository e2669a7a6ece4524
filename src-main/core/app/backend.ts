import { join } from 'node:path';
import type { AppEventName, AppEvents, AppHandlers } from '@shared/appApi';
import { WorkOffline } from '../api/workOffline';
import { fileCacheKey } from '../cache/cacheKey';
import { silentLog } from '../log/appLog';
import { AccountRegistry } from './accounts';
import type { BackendContext, BackendOptions } from './openAccount';
import { calendarHandlers } from '../calendar/calendarHandlers';
import { formHandlers } from '../forms/formHandlers';
import { myFormHandlers } from '../forms/myFormHandlers';
import { leaveHandlers } from '../leave/leaveHandlers';
import { balanceHandlers } from '../leave/balanceHandlers';
import { notificationHandlers } from '../notifications/notificationHandlers';
import { sessionHandlers } from '../session/sessionHandlers';
import { syncHandlers } from '../sync/syncHandlers';
import { trainingHandlers } from '../trainings/trainingHandlers';
import { peopleHandlers } from '../people/peopleHandlers';

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
      ...peopleHandlers(this.ctx),
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

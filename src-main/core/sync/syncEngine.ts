import { defineMessage } from '@formatjs/intl';
import type { Role } from '@shared/wire';
import type { SyncStatus } from '@shared/appApi';
import { unreachableWords } from '../api/apiErrors';
import type { HttpClient } from '../api/httpClient';
import { speak } from '../api/language';
import type { CacheDb } from '../cache/openCache';
import { getMeta, setMeta } from '../cache/openCache';
import type { Actor } from './appliers';
import { outboxCounts, sendPendingNow } from './outboxStore';
import { pullAll, pullLists, type LiveList } from './pull';
import { LiveStream } from './liveStream';
import { pushOutbox } from './push';
import { ServiceWatch } from './serviceWatch';
import { afterFailure, logFailure } from './syncFailure';
import type { AppLogger } from '../log/appLog';

const RESTORED = defineMessage({
  id: 'core.sync.restored',
  defaultMessage:
    'The service was restored from an earlier copy: everything was fetched again, and changes it no longer knows are shown as conflicts.',
});

export const DEBOUNCE_MS = 200;
export interface SyncEngineOptions {
  db: CacheDb;
  client: HttpClient;
  /** Read at each run: the person acting can be learnt after the engine starts. */
  actor: () => Actor;
  role: Role;
  now?: () => Date;
  /**
   * How long after a local change to sync, so a burst of edits goes in one round; short, since a
   * colleague's app shows the change as soon as it reaches the service.
   */
  debounceMs?: number;
  /** Sync this often while online. */
  intervalMs?: number;
  /** How often to look for the service while offline (at first; then less often). */
  reconnectMs?: number;
  /** How often to check, while idle and online, that the service still answers. */
  probeMs?: number;
  calendarWindow?: { daysBack: number; daysAhead: number };
  needsSignIn?: () => boolean;
  accountClosed?: () => string | null;
  /** "Work offline": while it says so, the engine sends nothing, not even a probe. */
  workingOffline?: () => boolean;
  onStatus?: (status: SyncStatus) => void;
  /** After a sync changed what reads answer. */
  onChanged?: () => void;
  /** Hold the service's event stream open while online (default true). */
  live?: boolean;
  /** The stream's wait before trying again after a failure (tests lengthen it). */
  liveRetry?: { firstMs: number; maxMs: number };
  log?: AppLogger;
}

/** The calendar kept offline: a quarter back, a year ahead. */
export const CALENDAR_WINDOW = { daysBack: 92, daysAhead: 366 };

/**
 * One sync at a time: push the outbox, then pull. Runs at start, about a second after a local
 * change, every few minutes, and when the service is back after being unreachable.
 */
export class SyncEngine {
  private running: Promise<SyncStatus> | null = null;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly signal = { stopped: false };
  private current: SyncStatus;
  private readonly now: () => Date;
  /** Whether the service is there, while idle and while offline. */
  private readonly watch: ServiceWatch;
  /** The service's event stream: while it is open, the timer and the probe rest. */
  private readonly stream: LiveStream | null;
  /** Started (not driven by hand, as tests do): the stream opens after a sync goes well. */
  private started = false;
  /** What the next run pulls: the lists events named, or everything. */
  private nextLists: Set<LiveList> | 'all' = 'all';

  constructor(private readonly options: SyncEngineOptions) {
    this.now = options.now ?? (() => new Date());
    this.watch = new ServiceWatch({
      baseUrl: options.client.baseUrl,
      reconnectMs: options.reconnectMs,
      workingOffline: () => this.workingOffline,
      stopped: () => this.stopped,
      mayProbe: () => !this.running && this.current.online,
      lost: () => this.emit({ online: false, lastError: unreachableWords() }),
      back: () => {
        this.emit({ online: true });
        void this.syncNow({ retryNow: true });
        if (this.started) this.stream?.start();
      },
    });
    this.stream =
      options.live === false
        ? null
        : new LiveStream({
            client: options.client,
            onLists: (lists) => void this.syncNow({ lists }),
            // Long enough to take one write's events (and a burst sent at once) together, short
            // enough to leave most of the second for the push and the pull.
            coalesceMs: 50,
            onLive: (live) => {
              if (this.stopped) return;
              this.emit({ live, ...(live ? { online: true } : {}) });
              // Opened again after a gap: catch up on everything rather than trust what was missed.
              if (live) void this.syncNow();
            },
            paused: () => this.stopped || this.workingOffline || (options.needsSignIn?.() ?? false),
            retry: options.liveRetry,
            log: options.log,
          });
    // Offline until the service answers: the cache may be hours old, and nothing says otherwise yet.
    this.current = {
      online: false,
      live: false,
      workingOffline: options.workingOffline?.() ?? false,
      needsSignIn: false,
      accountClosed: null,
      phase: 'idle',
      progress: null,
      lastSyncedAt: getMeta(options.db, 'lastSyncedAt'),
      ...outboxCounts(options.db),
      lastError: null,
      storageProblem: null,
      notice: null,
    };
  }

  get status(): SyncStatus {
    return {
      ...this.current,
      ...outboxCounts(this.options.db),
      needsSignIn: this.options.needsSignIn?.() ?? false,
      accountClosed: this.options.accountClosed?.() ?? null,
      workingOffline: this.workingOffline,
    };
  }

  private get workingOffline(): boolean {
    return this.options.workingOffline?.() ?? false;
  }

  /** "Work offline" was turned on (nothing more is sent) or off (a sync starts at once). */
  workOfflineChanged(): void {
    this.options.log?.info({ workingOffline: this.workingOffline }, 'work offline changed');
    if (this.workingOffline) {
      this.watch.cancel();
      this.stream?.close();
      this.emit({ online: false, lastError: null });
    } else {
      this.emit({});
      void this.syncNow({ retryNow: true });
    }
  }

  start(): void {
    this.started = true;
    void this.syncNow();
    // While the stream is open it tells of every change, and its heartbeats say the service is there.
    const every = setInterval(
      () => {
        if (!this.stream?.isLive) void this.syncNow();
      },
      this.options.intervalMs ?? 3 * 60_000,
    );
    const probe = setInterval(() => {
      if (!this.stream?.isLive) void this.watch.probe();
    }, this.options.probeMs ?? 4_000);
    every.unref();
    probe.unref();
    this.timers.push(every, probe);
  }

  stop(): void {
    this.stopped = true;
    this.signal.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.stream?.stop();
    if (this.debounce) clearTimeout(this.debounce);
    this.watch.close();
  }

  /** Something the user should know once, such as a cache rebuilt after damage. */
  tell(notice: string): void {
    this.emit({ notice });
  }

  /** Whether the last local change could be saved (null) or why not; only a change tells. */
  storage(problem: string | null): void {
    if (problem !== this.current.storageProblem) this.emit({ storageProblem: problem });
  }

  /** After a local change: sync soon, once for a burst of changes. */
  changed(): void {
    this.emit({});
    if (this.stopped) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.syncNow(), this.options.debounceMs ?? DEBOUNCE_MS);
    this.debounce.unref();
  }

  /** Syncs now, or joins the one under way (then once more, for changes made meanwhile); `retryNow` lifts the backoff. */
  syncNow(options: { retryNow?: boolean; lists?: ReadonlySet<LiveList> } = {}): Promise<SyncStatus> {
    // Stopped, the cache may be closed already: what was last known, read from nothing.
    if (this.stopped) return Promise.resolve(this.current);
    if (this.workingOffline) return Promise.resolve(this.status);
    if (options.retryNow) sendPendingNow(this.options.db);
    // Lists named by events add up until a run takes them; anything else asks for everything.
    if (!options.lists) this.nextLists = 'all';
    else if (this.nextLists !== 'all') for (const list of options.lists) this.nextLists.add(list);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    return this.begin();
  }

  /** Runs once, and once more after it for what was asked meanwhile (the lists gathered since). */
  private begin(): Promise<SyncStatus> {
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again && !this.stopped && !this.workingOffline) {
        this.again = false;
        void this.begin();
      }
    });
    return this.running;
  }

  private async run(): Promise<SyncStatus> {
    const { db, client, role } = this.options;
    const actor = this.options.actor();
    const started = Date.now();
    const lists = this.nextLists;
    this.nextLists = new Set();
    try {
      this.emit({ phase: 'pushing', progress: null });
      const pushed = await pushOutbox({
        db,
        client,
        actor,
        now: this.now,
        signal: this.signal,
        onProgress: () => this.emit({}),
      });
      if (pushed.stoppedBy) throw pushed.stoppedBy;
      // The service answered (or had nothing to answer yet): the pull below talks to it next.
      this.emit({ phase: 'pulling', progress: { done: 0, total: 0 }, ...(pushed.sent > 0 ? { online: true } : {}) });
      const pullContext = {
        db,
        client,
        actor,
        role,
        now: this.now,
        calendarWindow: this.options.calendarWindow ?? CALENDAR_WINDOW,
        onProgress: (done: number, total: number) => this.emit({ progress: { done, total } }),
      };
      const pulled =
        lists === 'all' ? await pullAll(pullContext) : (await pullLists(pullContext, lists), { restored: false });
      if (pulled.restored) {
        this.emit({ notice: speak(RESTORED) });
      }
      // Changes queued during the pull go out now rather than at the next round.
      const after = await pushOutbox({ db, client, actor, now: this.now, signal: this.signal });
      if (after.stoppedBy) throw after.stoppedBy;
      const syncedAt = this.now().toISOString();
      setMeta(db, 'lastSyncedAt', syncedAt);
      this.options.log?.info(
        { sent: pushed.sent + after.sent, conflicts: pushed.conflicts + after.conflicts, ms: Date.now() - started },
        'synced',
      );
      this.emit({ online: true, phase: 'idle', progress: null, lastSyncedAt: syncedAt, lastError: null });
      // The service answers: a stream still waiting out its backoff from while it did not would
      // show "Live" up to half a minute after "Synced".
      if (this.started) this.stream?.resume();
    } catch (error) {
      // Stopped (signed out, closed) mid-sync: the cache is closed, nothing more to report.
      if (this.stopped) return this.current;
      this.failed(error);
    }
    if (this.stopped) return this.current;
    this.options.onChanged?.();
    return this.status;
  }

  private failed(error: unknown): void {
    logFailure(this.options.log, error);
    const { change, lookForService } = afterFailure(error);
    this.emit(change);
    if (lookForService) this.watch.watch();
  }

  private emit(change: Partial<SyncStatus>): void {
    this.current = { ...this.current, ...change };
    // Work offline holds the status offline, whatever a sync or a probe still under way answers.
    if (this.workingOffline) this.current.online = false;
    this.options.onStatus?.(this.status);
  }
}

import { defineMessages } from '@formatjs/intl';
import type { AccountSummary, AppEventName, AppEvents, Collection } from '@shared/appApi';
import { roleSchema, type Role } from '@shared/wire';
import { speak } from '../api/language';
import { Checkpointer } from '../../../src-node/sqlite/checkpointer';
import { HttpClient } from '../api/httpClient';
import type { WorkOffline } from '../api/workOffline';
import type { CacheKey } from '../cache/cacheKey';
import type { AppLogger } from '../log/appLog';
import { closedCleanly, openCheckedCache } from '../cache/checkedCache';
import { getMeta, setMeta, type CacheDb } from '../cache/openCache';
import { POLICY_ID, readEffective } from '../cache/entities';
import { weekOf } from '@shared/holidays/workingDays';
import { storageProblem } from '../cache/storageErrors';
import type { AuthSession } from '../session/authSession';
import type { TokenStore } from '../session/tokens';
import type { Actor } from '../sync/appliers';
import { SyncEngine } from '../sync/syncEngine';
import { AppFailure } from './appError';
import type { AccountRegistry } from './accounts';

// A call made before signing in is refused in the page's language.
const REFUSALS = defineMessages({
  signInFirst: { id: 'core.app.signInFirst', defaultMessage: 'Sign in first' },
});

export interface BackendOptions {
  /** Where accounts and their caches live. */
  dataDir: string;
  tokens: TokenStore;
  now?: () => Date;
  /** Timing of the sync engine (tests shorten it). */
  sync?: {
    debounceMs?: number;
    intervalMs?: number;
    reconnectMs?: number;
    probeMs?: number;
    autoStart?: boolean;
    liveRetry?: { firstMs: number; maxMs: number };
  };
  calendarWindow?: { daysBack: number; daysAhead: number };
  /** Per HTTP attempt, in ms. */
  requestTimeoutMs?: number;
  nativeBinding?: string;
  /** The embedded demo service started beside this backend, if any. */
  demoServiceUrl?: string;
  /**
   * The caches' key; by default a random one in `cache.key` (0600) in the data folder. Null keeps
   * them unencrypted: only the bench's baseline does.
   */
  cacheKey?: CacheKey | null;
  /** Where the backend says what it did and what failed (by default nowhere). */
  log?: AppLogger;
}

export interface BackendContext {
  options: BackendOptions;
  registry: AccountRegistry;
  now: () => Date;
  account: OpenAccount | null;
  /** "Work offline", for every client this backend makes. */
  offline: WorkOffline;
  /** The key the account caches are encrypted with (null: unencrypted). */
  cacheKey: CacheKey | null;
  log: AppLogger;
  emit<E extends AppEventName>(name: E, payload: AppEvents[E]): void;
}

/** The highest of an account's roles decides what it syncs and may do. */
export function mainRole(roles: Role[]): Role {
  return roles.includes('ADMIN') ? 'ADMIN' : roles.includes('MANAGER') ? 'MANAGER' : 'USER';
}

/** A signed-in account with its cache, session and sync engine. */
export class OpenAccount {
  readonly db: CacheDb;
  readonly client: HttpClient;
  /**
   * The cache's log copied back on a thread of its own, as the service does: in a first sync the
   * copies (and their fsyncs) took about a tenth of this thread's time, and held up the views.
   */
  private readonly checkpointer: Checkpointer;
  readonly engine: SyncEngine;
  readonly role: Role;
  private readonly path: string;

  constructor(
    readonly summary: AccountSummary,
    readonly session: AuthSession,
    ctx: BackendContext,
  ) {
    const path = ctx.registry.cachePath(summary.id);
    this.path = path;
    const key = ctx.cacheKey?.key;
    const { db, notice } = openCheckedCache(path, { nativeBinding: ctx.options.nativeBinding, key });
    this.db = db;
    this.checkpointer = new Checkpointer(this.db, path, { nativeBinding: ctx.options.nativeBinding, key });
    this.role = mainRole(summary.roles.map((r) => roleSchema.parse(r)));
    this.client = new HttpClient({
      baseUrl: summary.serviceUrl,
      tokens: session,
      timeout: ctx.options.requestTimeoutMs ?? 15_000,
      offline: () => ctx.offline.on,
    });
    const changed: Collection[] = [
      'users',
      'trainings',
      'leave',
      'calendar',
      'notifications',
      'forms',
      'assignedForms',
      'responses',
      'references',
      'balances',
      'outbox',
    ];
    this.engine = new SyncEngine({
      db: this.db,
      client: this.client,
      actor: () => this.actor,
      role: this.role,
      now: ctx.now,
      debounceMs: ctx.options.sync?.debounceMs,
      intervalMs: ctx.options.sync?.intervalMs,
      reconnectMs: ctx.options.sync?.reconnectMs,
      probeMs: ctx.options.sync?.probeMs,
      liveRetry: ctx.options.sync?.liveRetry,
      calendarWindow: ctx.options.calendarWindow,
      needsSignIn: () => session.needsSignIn,
      accountClosed: () => session.closed,
      workingOffline: () => ctx.offline.on,
      log: ctx.log.child({ account: summary.id }),
      onStatus: (status) => ctx.emit('sync.status', status),
      onChanged: () => {
        const lastSyncedAt = getMeta(this.db, 'lastSyncedAt');
        if (lastSyncedAt !== this.summary.lastSyncedAt) {
          this.summary.lastSyncedAt = lastSyncedAt;
          ctx.registry.save(this.summary);
        }
        ctx.emit('changed', { collections: changed });
      },
    });
    if (notice) this.engine.tell(notice);
  }

  /** The person acting, as local changes need it (their nationality and working week decide the days of leave). */
  get actor(): Actor {
    const userId = this.summary.userId;
    const me = readEffective(this.db, 'users', userId);
    const policy = readEffective(this.db, 'leave_policy', POLICY_ID);
    return { userId, nationality: getMeta(this.db, 'nationality') ?? 'GB', week: weekOf(me ?? {}, policy ?? {}) };
  }

  setNationality(nationality: string): void {
    setMeta(this.db, 'nationality', nationality);
  }

  close(): void {
    this.engine.stop();
    this.client.close();
    // Its connection closed first: the files may be deleted once this returns.
    this.checkpointer.closeNow();
    this.db.close();
    closedCleanly(this.path);
  }
}

export function requireAccount(ctx: BackendContext): OpenAccount {
  if (!ctx.account) throw new AppFailure('NOT_SIGNED_IN', speak(REFUSALS.signInFirst));
  return ctx.account;
}

/** A local change: one transaction for the record and its outbox entry, then a sync soon. */
export function localChange<T>(ctx: BackendContext, collections: Collection[], work: (account: OpenAccount) => T): T {
  const account = requireAccount(ctx);
  let result: T;
  try {
    result = account.db.transaction(() => work(account))();
  } catch (error) {
    // A full disk or a read-only folder: the sync status says so until a change is saved again.
    const problem = storageProblem(error);
    if (problem) account.engine.storage(problem);
    throw error;
  }
  account.engine.storage(null);
  ctx.emit('changed', { collections: [...collections, 'outbox'] });
  account.engine.changed();
  return result;
}

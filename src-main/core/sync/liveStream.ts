import { HttpError, SessionExpiredError, WorkingOfflineError } from '../api/apiErrors';
import type { HttpClient } from '../api/httpClient';
import type { AppLogger } from '../log/appLog';
import { eventListSchema } from '@shared/wire';
import type { LiveList } from './pull';

export interface LiveStreamOptions {
  client: HttpClient;
  /** The lists an event named (a burst of events comes as one call). */
  onLists: (lists: ReadonlySet<LiveList>) => void;
  /** Whether the stream is open now. */
  onLive: (live: boolean) => void;
  /** While this says so ("Work offline", signed out…), no stream is opened. */
  paused: () => boolean;
  /** Events within this long of each other are taken together. */
  coalesceMs?: number;
  /** Nothing at all (not even a heartbeat) for this long: the connection is taken for dead. */
  silenceMs?: number;
  /** The wait before trying again after a failure, doubling from the first to the most. */
  retry?: { firstMs: number; maxMs: number };
  log?: AppLogger;
}

/** The service says it is alive every 25 s; twice that and more without a word, the stream is cut. */
const SILENCE_MS = 60_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A service without the stream (404): asked again this much later, in case it was upgraded. */
const MISSING_RETRY_MS = 10 * 60_000;

/**
 * The service's event stream (ext), held open while the app is online: each event names lists
 * that changed, and only those are pulled. Without it (a service that lacks it, a proxy that
 * buffers, a cut connection) the engine's timer goes on as before; it comes back by itself, and
 * asks for what it missed with Last-Event-ID.
 */
export class LiveStream {
  private abort: AbortController | null = null;
  private lastEventId: string | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private retryMs: number;
  /**
   * The wait under way follows a stream that could not be opened (the service unreachable), so a
   * sync that goes through may cut it short. Not one the service lacks (every sync would ask again),
   * nor one that opened and broke (a proxy that cuts it would have it reopened at every sync).
   */
  private liftable = false;
  private live = false;
  private pending = new Set<LiveList>();
  private flush: NodeJS.Timeout | null = null;

  constructor(private readonly options: LiveStreamOptions) {
    this.retryMs = this.retryFirstMs;
  }

  private get retryFirstMs(): number {
    return this.options.retry?.firstMs ?? RETRY_FIRST_MS;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Opens the stream unless it is open, or waiting to try again. */
  start(): void {
    if (this.stopped || this.abort || this.retry || this.options.paused()) return;
    void this.connect();
  }

  /**
   * Opens the stream, as `start`, once the service has just answered (a sync went through): one
   * that could not be opened and waits out its backoff opens now rather than up to half a minute
   * after "Synced", and its backoff starts again from the first wait.
   */
  resume(): void {
    if (this.retry && this.liftable) {
      clearTimeout(this.retry);
      this.retry = null;
      this.retryMs = this.retryFirstMs;
    }
    this.start();
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  /** Closes the stream (Work offline, a failure); `start` opens it again. */
  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.liftable = false;
    // Events heard but not yet passed on go with it: a sync on reopening checks everything.
    if (this.flush) clearTimeout(this.flush);
    this.flush = null;
    this.pending.clear();
    this.abort?.abort();
    this.abort = null;
    this.setLive(false);
  }

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    this.options.onLive(live);
  }

  private again(delay: number, liftable = false): void {
    this.setLive(false);
    this.abort = null;
    if (this.stopped || this.retry) return;
    this.liftable = liftable;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.liftable = false;
      this.start();
    }, delay);
    this.retry.unref();
  }

  private async connect(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    let silence: NodeJS.Timeout | null = null;
    let opened = false;
    const heard = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), this.options.silenceMs ?? SILENCE_MS);
      silence.unref();
    };
    try {
      const res = await this.options.client.openStream(
        'api/events',
        this.lastEventId ? { 'last-event-id': this.lastEventId } : {},
        abort.signal,
      );
      if (!res.body) throw new Error('The event stream answered no body');
      heard();
      opened = true;
      this.setLive(true);
      this.retryMs = this.retryFirstMs;
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
          this.take(block);
        }
      }
      // The service ended it (its token expired, a restart): back at once with a fresh one.
      if (!abort.signal.aborted) this.again(0);
    } catch (error) {
      if (this.abort !== abort) return;
      if (error instanceof WorkingOfflineError || error instanceof SessionExpiredError) {
        this.close();
        return;
      }
      const missing = error instanceof HttpError && (error.status === 404 || error.status === 405);
      this.options.log?.info({ reason: error instanceof Error ? error.message : String(error) }, 'event stream closed');
      this.again(missing ? MISSING_RETRY_MS : this.retryMs, !missing && !opened);
      this.retryMs = Math.min(this.retryMs * 2, this.options.retry?.maxMs ?? RETRY_MAX_MS);
    } finally {
      // Set by heard(), which TypeScript does not follow.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (silence) clearTimeout(silence);
    }
  }

  /** One event block of the stream. */
  private take(block: string): void {
    let id: string | undefined;
    let event = 'message';
    let data = '';
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data += data ? `\n${value}` : value;
    }
    if (event !== 'changed' || !data) return;
    if (id) this.lastEventId = id;
    let lists: unknown;
    try {
      lists = (JSON.parse(data) as { lists?: unknown }).lists;
    } catch {
      return;
    }
    if (!Array.isArray(lists)) return;
    // A list this app does not know (a newer service) is passed over.
    for (const list of lists) {
      const known = eventListSchema.safeParse(list);
      if (known.success) this.pending.add(known.data);
    }
    if (this.flush || this.pending.size === 0) return;
    this.flush = setTimeout(() => {
      this.flush = null;
      const lists = this.pending;
      this.pending = new Set();
      this.options.onLists(lists);
    }, this.options.coalesceMs ?? 50);
    this.flush.unref();
  }
}

import { HttpError, NetworkError } from '../api/apiErrors';
import { HttpClient } from '../api/httpClient';

/** Coming back is noticed within this (plus a probe's time), however long the service was away. */
const RECONNECT_MAX_MS = 8_000;
/** A probe that takes longer than this counts as no answer. */
const PROBE_TIMEOUT_MS = 3_000;

export interface ServiceWatchOptions {
  baseUrl: string;
  /** How often to look for the service while offline (at first; then up to RECONNECT_MAX_MS). */
  reconnectMs?: number;
  /** "Work offline": nothing is sent, not even a probe. */
  workingOffline: () => boolean;
  /** The engine is stopped: nothing more is looked for. */
  stopped: () => boolean;
  /** A probe has nothing to learn while a sync runs or the app knows itself offline. */
  mayProbe: () => boolean;
  /** The service stopped answering (a probe failed). */
  lost: () => void;
  /** The service answers again after being away. */
  back: () => void;
}

/**
 * Whether the service is there, asked without a token, retries or patience: a probe now and then
 * while online and idle, so a silent service shows as offline at once; and while offline, a look
 * for it now and then, more rarely as it stays away, so its return starts a sync.
 */
export class ServiceWatch {
  private readonly prober: HttpClient;
  private reconnect: NodeJS.Timeout | null = null;

  constructor(private readonly options: ServiceWatchOptions) {
    this.prober = new HttpClient({
      baseUrl: options.baseUrl,
      getRetries: 0,
      timeout: PROBE_TIMEOUT_MS,
      offline: options.workingOffline,
    });
  }

  /** While idle and online: a service that stopped answering shows as offline within a probe. */
  async probe(): Promise<void> {
    if (this.options.stopped() || !this.options.mayProbe() || this.options.workingOffline()) return;
    try {
      await this.prober.request('api/health', { anonymous: true });
    } catch (error) {
      if (this.options.stopped() || !this.options.mayProbe()) return;
      if (error instanceof NetworkError || (error instanceof HttpError && error.retryable)) {
        this.options.lost();
        this.watch();
      }
    }
  }

  /** While offline, look for the service now and then; `back` as soon as it answers. */
  watch(delay = this.options.reconnectMs ?? 4_000): void {
    if (this.reconnect || this.options.stopped() || this.options.workingOffline()) return;
    this.reconnect = setTimeout(() => void this.look(delay), delay);
    this.reconnect.unref();
  }

  /** Stops looking (working offline, or stopped). */
  cancel(): void {
    if (this.reconnect) clearTimeout(this.reconnect);
    this.reconnect = null;
  }

  close(): void {
    this.cancel();
    this.prober.close();
  }

  private async look(delay: number): Promise<void> {
    this.reconnect = null;
    try {
      await this.prober.request('api/health', { anonymous: true });
      if (this.options.stopped() || this.options.workingOffline()) return;
      this.options.back();
    } catch {
      this.watch(Math.min(delay * 2, RECONNECT_MAX_MS));
    }
  }
}

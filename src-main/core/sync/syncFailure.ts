import type { SyncStatus } from '@shared/appApi';
import { HttpError, NetworkError, SessionExpiredError, WorkingOfflineError } from '../api/apiErrors';
import { storageProblem } from '../cache/storageErrors';
import type { AppLogger } from '../log/appLog';

/**
 * What a sync that failed leaves the status at, and whether to look for the service until it is
 * back: unreachable, it is looked for; a refused sign-in or a fault of the service is said and
 * waits for the next round; a cache that cannot be written is named as such.
 */
export function afterFailure(error: unknown): { change: Partial<SyncStatus>; lookForService: boolean } {
  const idle = { phase: 'idle', progress: null } as const;
  if (error instanceof WorkingOfflineError) {
    // Turned on mid-sync: what was under way stops where it was; nothing to report as an error.
    return { change: { online: false, ...idle }, lookForService: false };
  }
  if (error instanceof NetworkError || (error instanceof HttpError && error.retryable)) {
    const unreachable = error instanceof NetworkError;
    return { change: { online: !unreachable, ...idle, lastError: error.message }, lookForService: unreachable };
  }
  if (error instanceof SessionExpiredError) {
    // The service answered: it refused the sign-in.
    return { change: { online: true, ...idle, lastError: error.words }, lookForService: false };
  }
  const storage = storageProblem(error);
  return {
    change: {
      ...idle,
      lastError: storage ?? (error instanceof Error ? error.message : String(error)),
      ...(storage ? { storageProblem: storage } : {}),
    },
    lookForService: false,
  };
}

/** The failure in the log: offline and a refused sign-in as facts, anything else as an error. */
export function logFailure(log: AppLogger | undefined, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof NetworkError) log?.info({ reason }, 'sync stopped: offline');
  else if (error instanceof SessionExpiredError) {
    // The service's own words on why (a revoked or reused token), when it gave them.
    const refused = error.cause instanceof Error ? error.cause.message : undefined;
    log?.warn({ reason, refused }, 'sync stopped: sign in again');
  } else log?.error({ err: error }, 'sync failed');
}

import { type Role } from '@shared/wire';
import type { HttpClient, HttpResponse } from '../../api/httpClient';
import { type CacheDb } from '../../cache/openCache';
import type { KeptPage } from '../../cache/syncPages';
import type { Actor } from '../appliers';
import { RequestWindow } from '../requestWindow';

export const PAGE_SIZE = 500;

export interface PullContext {
  db: CacheDb;
  client: HttpClient;
  actor: Actor;
  role: Role;
  now: () => Date;
  /** The calendar kept offline: days before and after today. */
  calendarWindow: { daysBack: number; daysAhead: number };
  /** Called as pages arrive: pages done, pages known so far. */
  onProgress?: (done: number, total: number) => void;
  /** Set during a first load into an empty cache: nothing held before, so nothing to drop after. */
  fresh?: boolean;
}

export type { PageIds as StoredPage } from '../../cache/syncPages';

/** Progress over pages whose number is learnt as the first page of each list arrives. */
export class Progress {
  done = 0;
  total = 0;
  constructor(private readonly report?: (done: number, total: number) => void) {}
  /** `n` more pages to come (fewer, when negative: pages counted that turned out not to exist). */
  expect(n: number) {
    this.total += n;
    this.report?.(this.done, this.total);
  }
  step() {
    this.done += 1;
    this.report?.(this.done, this.total);
  }
}

/** A page asked for: what this side kept of it, and the answer once the request window let it go out. */
export interface AskedPage {
  page: number;
  stored: KeptPage | undefined;
  answer: Promise<Answered>;
}

export interface Answered {
  res: HttpResponse;
  /** Gives the page's place in the window back. */
  leave: () => void;
}

/** What one pull shares across its lists. */
export interface PullRun {
  progress: Progress;
  /** Every request of the pull goes out through it. */
  window: RequestWindow;
  /** Settles as each paged list started so far has its first page in (and its next pages queued). */
  firstPages: Promise<unknown>[];
}

/** A pull's shared state, before any list is asked for. */
export function newRun(onProgress?: (done: number, total: number) => void): PullRun {
  return { progress: new Progress(onProgress), window: new RequestWindow(), firstPages: [] };
}

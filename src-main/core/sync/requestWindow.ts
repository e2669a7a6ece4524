/**
 * How many requests of a pull may be on their way at once (a page counts until its list takes it
 * in): enough that the service always has the next answer to build while this side stores one,
 * few enough that answers fetched faster than they are stored do not pile up in memory.
 */
export const REQUESTS_AHEAD = 6;

/** A counting semaphore, first come first served: requests go out in the order they were asked for. */
export class RequestWindow {
  private free: number;
  private readonly waiting: { resolve: () => void; reject: (reason: unknown) => void }[] = [];
  private closedBy: { reason: unknown } | null = null;

  constructor(size = REQUESTS_AHEAD) {
    if (size < 1) throw new RangeError('a request window holds at least one request');
    this.free = size;
  }

  /** Resolves once a request may go out, with the call that gives its place back (once taken in or dropped). */
  async enter(): Promise<() => void> {
    if (this.closedBy) throw this.closedBy.reason;
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next.resolve();
      else this.free += 1;
    };
  }

  /**
   * Once the pull has failed: nothing more goes out, and every request waiting for room fails with
   * the same reason (a service gone away is noticed once, not retried for each page asked ahead).
   */
  close(reason: unknown): void {
    if (this.closedBy) return;
    this.closedBy = { reason };
    for (const waiter of this.waiting.splice(0)) waiter.reject(reason);
  }

  /** `send` once there is room, the place given back when its answer is in. */
  async around<T>(send: () => Promise<T>): Promise<T> {
    const leave = await this.enter();
    try {
      return await send();
    } finally {
      leave();
    }
  }
}

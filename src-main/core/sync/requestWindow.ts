/**
 * How many requests of a pull may be on their way at once (a page counts until its list takes it
 * in): enough that the service always has the next answer to build while this side stores one,
 * few enough that answers fetched faster than they are stored do not pile up in memory.
 */
export const REQUESTS_AHEAD = 4;

/** A counting semaphore, first come first served: requests go out in the order they were asked for. */
export class RequestWindow {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size = REQUESTS_AHEAD) {
    if (size < 1) throw new RangeError('a request window holds at least one request');
    this.free = size;
  }

  /** Resolves once a request may go out, with the call that gives its place back (once taken in or dropped). */
  async enter(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
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

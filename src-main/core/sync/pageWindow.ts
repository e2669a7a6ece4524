/**
 * How many pages of a pull may be on their way (asked for, and not yet taken in by their list),
 * across every list: enough that the service always has the next answer to build while this side
 * stores one, few enough that pages fetched faster than they are stored do not pile up in memory.
 */
export const PAGES_AHEAD = 4;

/** A counting semaphore, first come first served: pages enter in the order they were asked for. */
export class PageWindow {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size = PAGES_AHEAD) {
    if (size < 1) throw new RangeError('a page window holds at least one page');
    this.free = size;
  }

  /** Resolves once a page may be asked for, with the call that gives its place back (once taken in or dropped). */
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
}

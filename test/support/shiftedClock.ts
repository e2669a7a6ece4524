import type { Clock } from '../../src-server/system/clock';

/**
 * The real time, moved on by hand: an app (`now: () => clock.now()`) and a service (`clock`) that
 * share it agree on the time while a test skips ahead ("an hour on the train"), with no sleep. It
 * runs on as the real clock does otherwise, since timers and tokens live in real time.
 */
export class ShiftedClock implements Clock {
  private offset = 0;

  now(): Date {
    return new Date(Date.now() + this.offset);
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}

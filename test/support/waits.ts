// The two fixed waits a test may make. Anything else waits on a condition: expect.poll, vi.waitFor,
// Playwright's expect, an event, the injected clock. test/architecture/waits.test.ts holds tests to it.

/** Values a quiet check compares: plain data (counts, lists, records), compared as JSON. */
const shown = (value: unknown) => (JSON.stringify(value) as string | undefined) ?? String(value);

/**
 * A negative check: `read` answers `expected` now, and still does `ms` later ("no second pull
 * comes", "nothing leaves while working offline"). Make it only after the positive condition that
 * would have set off what must not happen (the first pull is in, the change is queued, the timer
 * had its chances), and assert nothing positive after it: a wait never shows that something did
 * happen. No test runner's expect and no Node module: the unit tests, the renderer's and the Playwright specs share it.
 */
export async function quietFor<T>(ms: number, what: string, read: () => T | Promise<T>, expected: T): Promise<void> {
  const check = (actual: T, when: string) => {
    if (shown(actual) === shown(expected)) return;
    throw new Error(`${what}, ${when}: expected ${shown(expected)}, got ${shown(actual)}`);
  };
  check(await read(), 'at first');
  await new Promise((resolve) => setTimeout(resolve, ms));
  check(await read(), `after ${ms} ms`);
}

/**
 * Real time passing as the input of a scenario, not a wait for work under way: a transaction held
 * open as a network round trip would hold it, a quiet spell an engine acts on, a process killed at
 * a random moment of its run. What follows must not rely on anything finishing within it.
 */
export function letTimePass(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

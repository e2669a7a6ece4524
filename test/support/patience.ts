// Set up before every test file (vitest.config.mts): a condition waited on with vi.waitFor has 10 s
// by default, not vitest's 1 s (expect.poll's default is set in the config). A condition met is met
// at once, so an idle machine gains nothing from the 1 s; a busy one (CI beside other jobs) outran
// it, and a test that waited on the right condition still failed.
import { vi } from 'vitest';

export const CONDITION_TIMEOUT_MS = 10_000;

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: CONDITION_TIMEOUT_MS, ...options },
  )) as typeof vi.waitFor;

import type { Collection } from './common';

/** A domain's read calls, each with the collections whose change refreshes it (none: its own event does). */
export type RefreshRules<Calls> = { readonly [K in keyof Calls]?: readonly Collection[] };

import type { ListMeta } from '@shared/wire';

/**
 * Lists from other services (other HR services answer so; docs/service.md, Basics): a bare array, or the items under `data`,
 * `items` or `results`, with or without paging meta.
 */
export function listItems(body: unknown): { items: unknown[]; meta: Partial<ListMeta> & Record<string, unknown> } {
  if (Array.isArray(body)) return { items: body, meta: {} };
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['data', 'items', 'results']) {
      if (Array.isArray(b[key])) {
        const meta = b.meta && typeof b.meta === 'object' ? (b.meta as Record<string, unknown>) : {};
        return { items: b[key] as unknown[], meta };
      }
    }
  }
  throw new Error('The service answered a list in a shape this app does not know');
}

/**
 * Records without `version` (another service) get 0, so local edits still send no stale If-Match.
 * A record that has one is answered as it is: tens of thousands pass here in a first sync.
 */
export function withVersion<T extends object>(record: T): T & { version: number } {
  const r = record as T & { version?: unknown };
  return typeof r.version === 'number' ? (r as T & { version: number }) : { ...record, version: 0 };
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

const idOf = (v: unknown): string | undefined => (isPlain(v) && typeof v.id === 'string' ? v.id : undefined);

/**
 * `next`, with every part equal to the matching part of `prev` replaced by that part (records in a
 * list matched by id): an answer read again keeps the identity of what did not change, so memoized
 * rows and lists built from it are not built again.
 */
export function shareStructure<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const byId = new Map<string, unknown>();
    for (const p of prev) {
      const id = idOf(p);
      if (id !== undefined) byId.set(id, p);
    }
    let same = prev.length === next.length;
    const out = next.map((n: unknown, i) => {
      const id = idOf(n);
      const shared = shareStructure(id !== undefined && byId.has(id) ? byId.get(id) : prev[i], n);
      if (shared !== prev[i]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Plain = {};
    for (const k of keys) {
      out[k] = shareStructure(prev[k], next[k]);
      if (out[k] !== prev[k] || !(k in prev)) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}

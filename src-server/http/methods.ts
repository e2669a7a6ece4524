const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request's method may change data (idempotency keys, group commit). */
export function isMutating(method: string): boolean {
  return MUTATING.has(method);
}

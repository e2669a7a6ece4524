import type { CacheDb } from './openCache';
import { prepared } from './statements';

/**
 * A person's name as the cache holds it ("Alice Archer"), or null for someone it does not hold:
 * for the words of what is not the people's own (a conflict, a notification about a request).
 */
export function personName(db: CacheDb, userId: string): string | null {
  const row = prepared(db, "SELECT first_name || ' ' || last_name AS name FROM users WHERE id = ?").get(userId) as
    { name: string } | undefined;
  return row?.name ?? null;
}

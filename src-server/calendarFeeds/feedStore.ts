import { feedScopeSchema, type CalendarFeed, type FeedScope } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

// Calendar feeds: their owner, what they hold, and the hash of their secret address.

interface FeedRow {
  id: string;
  scope: string;
  include_pending: number;
  created_at: string;
}

const toFeed = (row: FeedRow): CalendarFeed => ({
  id: row.id,
  scope: feedScopeSchema.parse(row.scope),
  includePending: row.include_pending === 1,
  createdAt: row.created_at,
});

/** A person's feeds, newest first (a handful: no paging). */
export async function feedsOf(tenant: TenantDb, userId: string): Promise<CalendarFeed[]> {
  const rows = await tenant.all<FeedRow>(
    `SELECT id, scope, include_pending, created_at FROM calendar_feeds
     WHERE organization_id = :org AND user_id = :userId ORDER BY created_at DESC, id DESC`,
    { userId },
  );
  return rows.map(toFeed);
}

/** At most this many feeds a person: each is polled by a calendar somewhere. */
export const MAX_FEEDS_A_PERSON = 20;

export async function insertFeed(
  tenant: TenantDb,
  feed: { id: string; userId: string; tokenHash: string; scope: FeedScope; includePending: boolean; createdAt: string },
): Promise<void> {
  await tenant.run(
    `INSERT INTO calendar_feeds (id, organization_id, user_id, token_hash, scope, include_pending, created_at)
     VALUES (:id, :org, :userId, :tokenHash, :scope, :includePending, :createdAt)`,
    { ...feed, includePending: feed.includePending ? 1 : 0 },
  );
}

/** Revokes one of a person's feeds; false when they have none of that id. */
export async function deleteFeed(tenant: TenantDb, userId: string, id: string): Promise<boolean> {
  const gone = await tenant.get<{ id: string }>(
    'DELETE FROM calendar_feeds WHERE organization_id = :org AND user_id = :userId AND id = :id RETURNING id',
    { userId, id },
  );
  return gone !== undefined;
}

/** What a poll finds by the address's hash: the feed, its organization and its owner. */
export interface PolledFeed {
  id: string;
  organizationId: string;
  userId: string;
  scope: FeedScope;
  includePending: boolean;
}

/**
 * The feed of an address, in whatever organization it is (the address is the only key a
 * subscribing calendar has); undefined when revoked or never made.
 */
export async function feedByTokenHash(engine: Engine, tokenHash: string): Promise<PolledFeed | undefined> {
  const row = await engine.get<{
    id: string;
    organization_id: string;
    user_id: string;
    scope: string;
    include_pending: number;
  }>(`SELECT id, organization_id, user_id, scope, include_pending FROM calendar_feeds WHERE token_hash = :tokenHash`, {
    tokenHash,
  });
  return (
    row && {
      id: row.id,
      organizationId: row.organization_id,
      userId: row.user_id,
      scope: feedScopeSchema.parse(row.scope),
      includePending: row.include_pending === 1,
    }
  );
}

import { calendarFeedSchema, type CalendarFeed } from '@shared/wire';
import { listItems } from '../api/tolerance';
import { readBase } from '../cache/entities';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, optional, removeUnseen, storeRecords } from '../sync/pull/pages';

/**
 * One's calendar feeds (ext; a handful, one request). A list never carries a feed's address: the one
 * this computer was given when it made the feed stays.
 */
export async function pullCalendarFeeds(ctx: PullContext, run: PullRun): Promise<void> {
  const { db } = ctx;
  // Asked conditionally, as every list: a 304 while one's feeds stand still.
  const res = await optional(conditionalGet(ctx, run, 'calendar-feeds', 'api/calendar-feeds'));
  if (!res) return;
  const items = listItems(res.body).items.map((item) => {
    const feed = calendarFeedSchema.parse(item);
    const url = readBase(db, 'calendar_feeds', feed.id)?.url;
    return url ? ({ ...feed, url } satisfies CalendarFeed) : feed;
  });
  db.transaction(() => {
    storeRecords(ctx, 'calendar_feeds', items);
    res.remember();
  })();
  removeUnseen(ctx, 'calendar_feeds', new Set(items.map((f) => f.id)));
}

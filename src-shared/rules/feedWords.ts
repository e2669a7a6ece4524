import type { FeedScope } from '../wire/calendarFeeds';

/** Whose leave a calendar feed holds, as a choice is named. */
export const FEED_SCOPE_NAMES: Record<FeedScope, string> = {
  ME: 'My leave and my public holidays',
  TEAM: 'My team’s leave',
  DEPARTMENT: 'My department’s leave',
};

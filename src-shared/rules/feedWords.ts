import type { FeedScope } from '../wire/calendarFeeds';

/** Whose leave a calendar feed holds, as a choice is named. */
export const FEED_SCOPE_NAMES: Record<FeedScope, string> = {
  ME: 'My leave and my public holidays',
  TEAM: 'My team’s leave',
  DEPARTMENT: 'My department’s leave',
};

/** Whose leave a feed holds, in words after "of". */
export const FEED_SCOPE_WORDS: Record<FeedScope, string> = {
  ME: 'your own leave',
  TEAM: 'your team’s leave',
  DEPARTMENT: 'your department’s leave',
};

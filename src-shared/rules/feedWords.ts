import { defineMessage } from '@formatjs/intl';
import type { FeedScope } from '../wire/calendarFeeds';

/** Whose leave a calendar feed holds, as a choice is named: `{ scope }`. */
export const FEED_SCOPE_NAME = defineMessage<{ scope: FeedScope }>({
  id: 'calendar.feeds.scopeName',
  defaultMessage:
    '{scope, select, ME {My leave and my public holidays} TEAM {My team’s leave} other {My department’s leave}}',
});

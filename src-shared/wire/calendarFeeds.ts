import { z } from 'zod';
import { idSchema, isoDateTimeSchema, listOf } from './common';

// Calendar feeds (ext): a secret address a calendar application subscribes to.

/** Whose leave a feed holds: one's own (with one's public holidays), one's team, one's department. */
export const feedScopeSchema = z.enum(['ME', 'TEAM', 'DEPARTMENT']);
export type FeedScope = z.infer<typeof feedScopeSchema>;

export const calendarFeedCreateSchema = z.object({
  scope: feedScopeSchema,
  /** Pending leave too (of those whose pending leave one may see); approved only when absent. */
  includePending: z.boolean().optional(),
});
export type CalendarFeedCreate = z.infer<typeof calendarFeedCreateSchema>;

export const calendarFeedSchema = z.object({
  id: idSchema,
  scope: feedScopeSchema,
  includePending: z.boolean(),
  createdAt: isoDateTimeSchema,
  /** The secret address: in the answer that made the feed only (it is stored hashed). */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedListSchema = listOf(calendarFeedSchema);

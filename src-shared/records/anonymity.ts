/**
 * Anonymous answers are never shown for a group smaller than this: not one by one, not filtered
 * (in a small team a filter, or a single response, can single a person out).
 */
export const SMALLEST_ANONYMOUS_GROUP = 5;

/** The time an anonymous answer keeps: its day, no finer (the minute it arrived can say who gave it). */
export const anonymousTime = (iso: string): string => `${iso.slice(0, 10)}T00:00:00.000Z`;

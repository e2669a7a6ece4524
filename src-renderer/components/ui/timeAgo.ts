const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago (or how soon) a time is, in words: "just now", "5 minutes ago", "yesterday", "in 2 hours". */
export function timeAgo(at: string | Date, now: number = Date.now()): string {
  const seconds = (new Date(at).getTime() - now) / 1000;
  if (Math.abs(seconds) < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return words.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

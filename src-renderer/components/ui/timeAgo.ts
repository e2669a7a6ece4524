const formats = new Map<string, Intl.RelativeTimeFormat>();
/** One formatter a language, made once. */
function wordsOf(locale: string): Intl.RelativeTimeFormat {
  let words = formats.get(locale);
  if (!words) formats.set(locale, (words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return words;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago (or how soon) a time is, in words of `locale`: "just now" (`justNow`, under a
 * minute), "5 minutes ago", "yesterday", "in 2 hours"; "vor 5 Minuten", "hier".
 */
export function timeAgo(at: string | Date, now: number = Date.now(), locale = 'en', justNow = 'just now'): string {
  const seconds = (new Date(at).getTime() - now) / 1000;
  if (Math.abs(seconds) < 60) return justNow;
  const words = wordsOf(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return words.format(Math.round(seconds / size), unit);
  }
  return justNow;
}

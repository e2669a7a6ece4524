// Common English words that say nothing about what people wrote.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having he
  her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor
  not now of off on once only or other our ours ourselves out over own same she should so some such than that
  the their theirs them themselves then there these they this those through to too under until up very was we
  were what when where which while who whom why will with would you your yours yourself yourselves im ive dont
  isnt its thats theres get got really much many lot lots one two us like also would could`.split(/\s+/),
);

// eslint-disable-next-line no-control-regex -- the whole ASCII range is meant
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The most frequent meaningful words across texts, most frequent first, ties alphabetical; each
 * text given with how many times it was written.
 */
export function topWords(
  texts: Iterable<{ value: string; count: number }>,
  limit = 10,
): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { value: text, count: times } of texts) {
    const lower = text.toLowerCase();
    // Plain ASCII needs neither NFKC nor Unicode classes (its letters and digits are a-z and 0-9):
    // the same words, found several times faster.
    const words = ASCII.test(lower) ? lower.match(/[a-z0-9']+/g) : lower.normalize('NFKC').match(/[\p{L}\p{N}']+/gu);
    for (const raw of words ?? []) {
      const word = raw.replace(/'/g, '');
      if (word.length < 3 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + times);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([word, count]) => ({ word, count }));
}

import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src-renderer/components/ui/timeAgo';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('how long ago, in words', () => {
  it.each([
    [5, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
    [14 * 86400, '2 weeks ago'],
    [400 * 86400, 'last year'],
  ])('%i seconds before: %s', (seconds, words) => {
    expect(timeAgo(before(seconds), NOW)).toBe(words);
  });

  it('and how soon', () => {
    expect(timeAgo(before(-2 * 3600), NOW)).toBe('in 2 hours');
  });

  it('in the words of the page’s language', () => {
    expect(timeAgo(before(5 * 60), NOW, 'de', 'gerade eben')).toBe('vor 5 Minuten');
    expect(timeAgo(before(26 * 3600), NOW, 'fr', 'à l’instant')).toBe('hier');
    expect(timeAgo(before(10), NOW, 'de', 'gerade eben')).toBe('gerade eben');
  });
});

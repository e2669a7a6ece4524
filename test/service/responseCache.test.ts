import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src-server/http/responseCache';

const answer = (text: string) => ({ payload: Buffer.from(text), headers: { 'content-type': 'text/plain' } });

describe('ResponseCache', () => {
  it('forgets the least recently used answers once over its size', () => {
    const cache = new ResponseCache(80);
    cache.set('a', answer('a'.repeat(10)));
    cache.set('b', answer('b'.repeat(10)));
    expect(cache.get('a')?.payload.toString()).toBe('a'.repeat(10));
    // 'b' is now the oldest: adding seven more of ten bytes pushes it out first, and keeps 'a'.
    for (let i = 0; i < 7; i++) cache.set(`x${i}`, answer('x'.repeat(10)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(8);
  });

  it('does not keep an answer larger than an eighth of its room', () => {
    const cache = new ResponseCache(80);
    cache.set('big', answer('y'.repeat(11)));
    expect(cache.get('big')).toBeUndefined();
    cache.set('small', answer('y'.repeat(10)));
    expect(cache.get('small')).toBeDefined();
  });
});

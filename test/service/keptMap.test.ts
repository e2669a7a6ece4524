import { describe, expect, it } from 'vitest';
import { KeptMap } from '../../src-server/system/keptMap';

describe('what the service keeps in memory', () => {
  it('keeps at most its limit, dropping the key set longest ago', () => {
    const kept = new KeptMap<string, number>(2);
    kept.set('a', 1).set('b', 2).set('c', 3);
    expect([...kept]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('drops nothing when a kept key is set again while full', () => {
    const kept = new KeptMap<string, number>(2);
    kept.set('a', 1).set('b', 2);
    kept.set('b', 20);
    expect(kept.get('b')).toBe(20);
    expect(kept.has('a')).toBe(true);
  });

  it('counts a key deleted and set again as the newest', () => {
    const kept = new KeptMap<string, number>(2);
    kept.set('a', 1).set('b', 2);
    kept.delete('a');
    kept.set('a', 3).set('c', 4);
    expect([...kept.keys()]).toEqual(['a', 'c']);
  });
});

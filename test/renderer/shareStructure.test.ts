import { describe, expect, it } from 'vitest';
import { shareStructure } from '../../src-renderer/state/shareStructure';

const leave = (id: string, status = 'PENDING') => ({ id, status, days: 2, dates: { start: '2027-01-04' } });

describe('an answer read again keeps what did not change', () => {
  it('keeps each unchanged record of a list, matched by id, when others are gone before it', () => {
    const prev = { data: [leave('a'), leave('b'), leave('c')], meta: { total: 3 } };
    const next = { data: [leave('b'), leave('c', 'APPROVED')], meta: { total: 2 } };
    const shared = shareStructure(prev, next);
    expect(shared).toEqual(next);
    expect(shared.data[0]).toBe(prev.data[1]);
    expect(shared.data[1]).not.toBe(prev.data[2]);
    expect(shared.data[1]!.dates).toBe(prev.data[2]!.dates);
    expect(shared).not.toBe(prev);
  });

  it('gives back the previous answer itself when nothing changed, and the new one when its shape did', () => {
    const prev = { data: [leave('a')], meta: { total: 1 } };
    expect(shareStructure(prev, structuredClone(prev))).toBe(prev);
    const grown = { data: [leave('a')], meta: { total: 1, extra: true } };
    expect(shareStructure(prev, grown)).not.toBe(prev);
    expect(shareStructure(prev, grown).data).toBe(prev.data);
    expect(shareStructure({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
    expect(shareStructure([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(shareStructure(undefined, null)).toBeNull();
  });
});

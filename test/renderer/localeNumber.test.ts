import { describe, expect, it } from 'vitest';
import { readNumber } from '../../src-renderer/components/ui/localeNumber';

describe('a number read as the locale writes it', () => {
  it('takes grouping in threes and the locale’s decimal mark', () => {
    expect(readNumber('1,250.50', 'en-GB')).toBe(1250.5);
    expect(readNumber('1,250', 'en-US')).toBe(1250);
    expect(readNumber('-12,345,678.9', 'en-US')).toBe(-12345678.9);
    expect(readNumber('1.250,50', 'de-DE')).toBe(1250.5);
    expect(readNumber('1.250', 'de-DE')).toBe(1250);
    expect(readNumber('1 250,50', 'fr-FR')).toBe(1250.5);
    expect(readNumber('1\u202f250,5', 'fr-FR')).toBe(1250.5);
  });

  it('takes a plain decimal with a point or a comma, as before', () => {
    expect(readNumber('2.5', 'en-GB')).toBe(2.5);
    expect(readNumber('2,5', 'en-GB')).toBe(2.5);
    expect(readNumber('2,5', 'de-DE')).toBe(2.5);
    expect(readNumber('-3', 'de-DE')).toBe(-3);
    expect(readNumber('  ', 'en-GB')).toBeNaN();
  });

  it('keeps what is no number as typed, for the rules to refuse in words', () => {
    expect(readNumber('abc', 'en-GB')).toBe('abc');
    expect(readNumber('1,25,0', 'en-GB')).toBe('1,25,0');
    expect(readNumber('1.250.5', 'en-GB')).toBe('1.250.5');
    expect(readNumber('€1,250', 'en-GB')).toBe('€1,250');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src-shared/records/money';
import { currencySchema } from '../../src-shared/wire';
import { parseWithRules } from '../../src-shared/rules';

describe('training costs in the organization’s currency', () => {
  it('are written as the reader’s language writes money', () => {
    // Intl puts a narrow no-break space in some locales: compare with plain spaces.
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(formatMoney(1440, 'EUR', 'en-GB')).toBe('€1,440.00');
    expect(plain(formatMoney(1440, 'EUR', 'de-DE'))).toBe('1.440,00 €');
    expect(formatMoney(1440.5, 'GBP', 'en-GB')).toBe('£1,440.50');
    expect(formatMoney(1440, 'JPY', 'en-US')).toBe('¥1,440');
    expect(plain(formatMoney(75, 'CHF', 'de-CH'))).toBe('CHF 75.00');
  });

  it('take an ISO 4217 code, in any case, and refuse anything else in words', () => {
    expect(currencySchema.parse(' gbp ')).toBe('GBP');
    for (const bad of ['XYZ1', 'EU', 'ABC', '']) {
      expect(parseWithRules(currencySchema, bad), bad).toEqual({
        ok: false,
        issues: [{ path: '', message: 'Choose a currency from the list, such as EUR or GBP' }],
      });
    }
  });
});

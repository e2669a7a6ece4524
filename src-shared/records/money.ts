/** The currency an organization's costs are in when it has not said (ext default). */
export const DEFAULT_CURRENCY = 'EUR';

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in a currency, written the way the reader's language writes money ("€1,440.00", "1.440,00 €"). */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(amount);
}

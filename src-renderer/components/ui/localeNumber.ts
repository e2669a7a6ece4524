/**
 * What a number field holds: the number typed, NaN while it is empty, or the text itself when it is
 * not a number, so the rulebook can refuse it in words and the person can mend what they typed.
 */
export type TypedNumber = number | string;

/** The locale's decimal and grouping marks, as Intl writes 12,345.6 there. */
function marks(locale: string | undefined): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A decimal as people type it without grouping: a sign, digits, one point or comma. */
const PLAIN = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
// Grouping marks that are spaces (French, Swiss) are typed as any space.
const SPACE = /[\s\u00a0\u202f]/;
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * The number typed, read as the locale writes numbers ("1,250.50" in English, "1.250,50" in German,
 * "1 250,50" in French: grouped in threes, its own decimal mark), or as a plain decimal with a point
 * or a comma; NaN when empty; the text itself when it is no number, for the rules to refuse in words.
 */
export function readNumber(text: string, locale?: string): TypedNumber {
  const trimmed = text.trim();
  if (trimmed === '') return NaN;
  const { decimal, group } = marks(locale);
  const spaced = SPACE.test(group);
  const g = spaced ? ' ' : escape(group);
  const typed = spaced ? trimmed.replace(SPACES, ' ') : trimmed;
  const grouped = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})+)(?:${escape(decimal)}(\\d*))?$`).exec(typed);
  if (grouped) {
    const whole = grouped[2]!.split(spaced ? ' ' : group).join('');
    return Number(`${grouped[1]}${whole}.${grouped[3] || '0'}`);
  }
  return PLAIN.test(trimmed) ? Number(trimmed.replace(',', '.')) : trimmed;
}

// The languages HR Offline is written in, and how a person's is chosen from what they prefer.

export const LOCALES = ['en', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words, as a menu offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Where each language's dates and numbers are written when no region is named: English as Britain writes it. */
export const USUAL_REGION: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

/**
 * The locale a reader of `language` writes dates and numbers in: the first of `regions` (the
 * system's, the page's) of that language that names a region ("en-US": "May 4"), else its usual one.
 */
export function regionOf(language: string, regions: readonly string[] = []): string {
  if (language.includes('-')) return language;
  const same = regions.find((tag) => tag.includes('-') && tag.toLowerCase().split('-')[0] === language.toLowerCase());
  return same ?? (isLocale(language) ? USUAL_REGION[language] : language);
}

/**
 * Pseudo-locales, for tests only: English accented and about a third longer (en-XA), and English
 * right to left (en-XB). Chosen on a computer outright, never offered, never sent to the service.
 */
export const PSEUDO_LOCALES = ['en-XA', 'en-XB'] as const;
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];
export const isPseudoLocale = (value: unknown): value is PseudoLocale => PSEUDO_LOCALES.includes(value as PseudoLocale);

/**
 * The first of `preferred` (BCP 47 tags, most wanted first: `navigator.languages`, an
 * Accept-Language's order) that one of `offered` speaks, by its language ("de-AT" is German);
 * English when none does.
 */
export function negotiateLocale(preferred: readonly string[], offered: readonly Locale[] = LOCALES): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = offered.find((l) => l === language);
    if (found) return found;
  }
  return 'en';
}

/** The languages of an Accept-Language header, most wanted first (`q=0` ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((l) => l.tag);
}

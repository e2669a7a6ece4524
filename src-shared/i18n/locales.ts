// The languages HR Offline is written in, and how a person's is chosen from what they prefer.

export const LOCALES = ['en', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words, as a menu offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

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

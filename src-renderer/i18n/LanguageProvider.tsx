import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { isLocale, negotiateLocale, type Locale } from '@shared/i18n/locales';
import english from '@shared/i18n/compiled/en.json';

type Catalog = Record<string, MessageFormatElement[]>;

// Catalogs compiled at build (`npm run i18n`): no message is parsed in the page. English comes with
// the first chunk; another language is its own chunk, loaded only for who reads it.
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  de: () => import('@shared/i18n/compiled/de.json'),
  fr: () => import('@shared/i18n/compiled/fr.json'),
};

/**
 * The languages the app follows the system in: those whose catalogs hold every view's words. The
 * others are chosen outright only, until their catalogs are whole (a page half in one language and
 * half in another is worse than one in English).
 */
export const FOLLOWED: readonly Locale[] = ['en'];

const CHOICE_KEY = 'hr.language';

/** The language chosen on this computer, if any. */
export function chosenLanguage(): Locale | null {
  const chosen = localStorage.getItem(CHOICE_KEY);
  return isLocale(chosen) ? chosen : null;
}

/** The language the app speaks: the one chosen on this computer, else the system's when followed. */
export function appLocale(): Locale {
  return (
    chosenLanguage() ??
    negotiateLocale(navigator.languages.length ? navigator.languages : [navigator.language], FOLLOWED)
  );
}

/**
 * Gives the page its language's messages (English under any a catalog lacks). The widgets take the
 * language inside the frame (WidgetsLanguage), whose chunk has them: the sign-in page's does not.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [locale] = useState(appLocale);
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Catalog } | null>(null);
  // What a screen reader pronounces the page as.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (locale === 'en') return;
    let current = true;
    void LOADERS[locale]().then((m) => {
      if (current) setLoaded({ locale, messages: { ...(english as Catalog), ...(m.default as Catalog) } });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  if (locale === 'en') {
    return (
      <IntlProvider locale="en" defaultLocale="en" messages={english as Catalog}>
        {children}
      </IntlProvider>
    );
  }
  if (loaded?.locale !== locale) return null;
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import {
  isLocale,
  isPseudoLocale,
  LOCALES,
  negotiateLocale,
  type Locale,
  type PseudoLocale,
} from '@shared/i18n/locales';

type Catalog = Record<string, MessageFormatElement[]>;

// Catalogs compiled at build (`npm run i18n`): no message is parsed in the page. Each language is a
// chunk of its own, loaded for who reads it: the sign-in page's first chunk carries none.
const LOADERS: Record<Locale | PseudoLocale, () => Promise<{ default: unknown }>> = {
  en: () => import('@shared/i18n/compiled/en.json'),
  de: () => import('@shared/i18n/compiled/de.json'),
  fr: () => import('@shared/i18n/compiled/fr.json'),
  'en-XA': () => import('@shared/i18n/compiled/en-XA.json'),
  'en-XB': () => import('@shared/i18n/compiled/en-XB.json'),
};

/** The languages the app follows the system in: every one whose catalog holds every view's words. */
export const FOLLOWED: readonly Locale[] = LOCALES;

const CHOICE_KEY = 'hr.language';

/** The language chosen on this computer, if any (a pseudo-locale only as a test sets it). */
export function chosenLanguage(): Locale | PseudoLocale | null {
  const chosen = localStorage.getItem(CHOICE_KEY);
  return isLocale(chosen) || isPseudoLocale(chosen) ? chosen : null;
}

/** The system's language (the operating system's in the desktop app, the browser's in the browser form), as one of ours. */
export function systemLocale(): Locale {
  return negotiateLocale(navigator.languages.length ? navigator.languages : [navigator.language], FOLLOWED);
}

interface Language {
  locale: Locale | PseudoLocale;
  /** The language chosen on this computer, or null when the system's is followed. */
  chosen: Locale | PseudoLocale | null;
  /** Chooses a language on this computer (null: follow the system's again); the page changes at once. */
  choose(locale: Locale | null): void;
}

const LanguageContext = createContext<Language | null>(null);

export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('useLanguage outside LanguageProvider');
  return language;
}

/**
 * Gives the page its language's messages. Until the first catalog is in, nothing shows (a moment:
 * a local chunk); a change of language keeps the page as it was until the new one is in. The
 * widgets take the language inside the frame (WidgetsLanguage), whose chunk has them.
 */
/** Which way a page in `locale` reads: right to left only in the RTL pseudo-locale among ours. */
export const directionOf = (locale: string): 'rtl' | 'ltr' => (locale === 'en-XB' ? 'rtl' : 'ltr');

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState(chosenLanguage);
  const locale = chosen ?? systemLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale | PseudoLocale; messages: Catalog } | null>(null);
  // What a screen reader pronounces the page as, and which way it reads (the RTL pseudo-locale mirrors it).
  useEffect(() => {
    const shown = loaded?.locale ?? locale;
    document.documentElement.lang = shown;
    document.documentElement.dir = directionOf(shown);
  }, [loaded, locale]);
  useEffect(() => {
    let current = true;
    void LOADERS[locale]().then((m) => {
      if (current) setLoaded({ locale, messages: m.default as Catalog });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  const choose = useCallback((next: Locale | null) => {
    if (next) localStorage.setItem(CHOICE_KEY, next);
    else localStorage.removeItem(CHOICE_KEY);
    setChosen(next);
  }, []);
  const language = useMemo(
    () => ({ locale: loaded?.locale ?? locale, chosen, choose }),
    [loaded, locale, chosen, choose],
  );
  if (!loaded) return null;
  return (
    <LanguageContext.Provider value={language}>
      <IntlProvider locale={loaded.locale} defaultLocale="en" messages={loaded.messages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

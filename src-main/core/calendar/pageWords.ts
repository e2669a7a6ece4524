import de from '@shared/i18n/compiled/de.json';
import en from '@shared/i18n/compiled/en.json';
import fr from '@shared/i18n/compiled/fr.json';
import { catalogFormatter, type Catalog, type FormatMessage } from '@shared/i18n/format';
import type { Locale } from '@shared/i18n/locales';
import { requestLanguage } from '../api/language';

// The app's messages in the language the page is read in, for what the backend writes for it (a file).
const FORMATS: Record<Locale, FormatMessage> = {
  en: catalogFormatter('en', en as unknown as Catalog),
  de: catalogFormatter('de', de as unknown as Catalog),
  fr: catalogFormatter('fr', fr as unknown as Catalog),
};

export const pageWords = (): FormatMessage => FORMATS[requestLanguage()];

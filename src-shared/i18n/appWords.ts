import de from './compiled/de.json';
import en from './compiled/en.json';
import fr from './compiled/fr.json';
import { catalogFormatter, type Catalog, type FormatMessage } from './format';
import { regionOf, type Locale } from './locales';

// The app's catalogs, compiled at build, for the code that speaks them outside the page: the
// desktop's menus and tray, the backend's refusals and notes. Not for the page, which loads only
// the language it is read in.
const CATALOGS: Record<Locale, unknown> = { en, de, fr };

const formats = new Map<string, FormatMessage>();

/**
 * The app's messages in `locale`, made once per language; dates and numbers in `region` when it
 * is of that language ("en-US": "May 8, 2028"), as the page writes them.
 */
export function appWords(locale: Locale, region?: string): FormatMessage {
  const writes = regionOf(locale, region ? [region] : []);
  let format = formats.get(writes);
  if (!format) {
    format = catalogFormatter(writes, CATALOGS[locale] as Catalog);
    formats.set(writes, format);
  }
  return format;
}

import { appWords } from '@shared/i18n/appWords';
import type { FormatMessage } from '@shared/i18n/format';
import type { Locale } from '@shared/i18n/locales';

// The menus and the tray say what the page says, from the app's catalogs.
export const shellWords = (locale: Locale): FormatMessage => appWords(locale);

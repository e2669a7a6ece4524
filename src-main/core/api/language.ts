import type { Locale } from '@shared/i18n/locales';

// The language the app is read in, which every request asks the service to answer in: its
// refusals come back in the reader's words. The renderer says it at start and on each change.
let language: Locale = 'en';

export const requestLanguage = (): Locale => language;

export function setRequestLanguage(locale: Locale): void {
  language = locale;
}

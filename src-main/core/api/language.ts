import { appWords } from '@shared/i18n/appWords';
import { say, type FormatMessage, type MessageRef, type MessageValues } from '@shared/i18n/format';
import type { Locale } from '@shared/i18n/locales';

// The language the app is read in, which every request asks the service to answer in: its
// refusals come back in the reader's words, and the backend's own are said in it too. The
// renderer says it at start and on each change.
let language: Locale = 'en';
let region: string | undefined;

export const requestLanguage = (): Locale => language;

/** The page's language, and how it writes dates and numbers ("en-US") when it says. */
export function setRequestLanguage(locale: Locale, writes?: string): void {
  language = locale;
  region = writes;
}

/** The app's messages in the page's language, for what the backend says to the person (never its log). */
export const pageWords = (): FormatMessage => appWords(language, region);

/** One message of the catalogs in the page's language. */
export const speak = (message: { id: string }, values?: MessageValues): string => pageWords()(message.id, values);

/** A message with its values (a rulebook's reason), in the page's language. */
export const sayRef = (ref: MessageRef): string => say(pageWords(), ref);

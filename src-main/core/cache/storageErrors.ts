import { defineMessages } from '@formatjs/intl';
import { speak } from '../api/language';

/** SQLite's codes for a cache that cannot be written, and what they mean to the person at the keyboard. */
const SENTENCES = defineMessages({
  SQLITE_FULL: {
    id: 'core.storage.full',
    defaultMessage: 'This computer’s disk is full, so the change was not saved. Free some space and try again.',
  },
  SQLITE_READONLY: {
    id: 'core.storage.readOnly',
    defaultMessage: 'The app may not write its data folder (it is read-only), so the change was not saved.',
  },
  SQLITE_IOERR: {
    id: 'core.storage.ioError',
    defaultMessage: 'The disk would not save the change. Try again; if it keeps failing, check the disk.',
  },
  SQLITE_CANTOPEN: {
    id: 'core.storage.cantOpen',
    defaultMessage: 'The app could not open its data file to save the change.',
  },
});

/** The sentence, in the page's language, for an error that means the cache cannot be written; null for any other error. */
export function storageProblem(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const base = Object.keys(SENTENCES).find((c) => code === c || code.startsWith(`${c}_`));
  return base ? speak(SENTENCES[base as keyof typeof SENTENCES]) : null;
}

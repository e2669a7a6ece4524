import { createIntl, createIntlCache } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A compiled catalog: each message's AST by id (`npm run i18n`), so nothing is parsed at run time. */
export type Catalog = Record<string, MessageFormatElement[]>;
export type MessageValues = Record<string, string | number>;
/** One catalog message by id, in one language. */
export type FormatMessage = (id: string, values?: MessageValues) => string;

const cache = createIntlCache();

/**
 * Messages of `catalog` in `locale`. Dates are told in UTC: the values the rulebook gives are days,
 * not instants. A missing message shows its id; the catalogs' test keeps every one present.
 */
export function catalogFormatter(locale: string, catalog: Catalog): FormatMessage {
  const intl = createIntl(
    { locale, defaultLocale: 'en', messages: catalog, timeZone: 'UTC', onError: () => {} },
    cache,
  );
  return (id, values) => {
    // A descriptor made here, not written out: the extraction reads only the messages the code defines.
    const descriptor = { id };
    return intl.formatMessage(descriptor, values);
  };
}

/** A message of the catalogs with its values, said later in its reader's language (stored, sent). */
export interface MessageRef {
  id: string;
  values?: Record<string, MessageValue>;
}
/** A value of a message: text or a number as is, or another message, said first (a field's name, a leave type). */
export type MessageValue = string | number | MessageRef;

/** The values of a message, each one that is a message said in `format`'s language first. */
export function valuesIn(format: FormatMessage, values: Record<string, MessageValue> = {}): MessageValues {
  const out: MessageValues = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value === 'object' ? say(format, value) : value;
  return out;
}

/** A stored message in `format`'s language. */
export function say(format: FormatMessage, ref: MessageRef): string {
  return format(ref.id, valuesIn(format, ref.values));
}

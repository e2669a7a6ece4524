import english from './compiled/shared-en.json';
import { catalogFormatter, type Catalog } from './format';
import { USUAL_REGION } from './locales';

// The shared code's own messages in English (the rulebook's, notifications'): what it says where it
// raises an issue or stores a notification. Its own module, so what only says messages in the
// reader's language (the sign-in page) does not carry it.
// British English, as the page writes dates where the system names no region ("7 March 2026").
export const formatEnglish = catalogFormatter(USUAL_REGION.en, english as unknown as Catalog);

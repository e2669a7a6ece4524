import english from './compiled/shared-en.json';
import { catalogFormatter, type Catalog } from './format';

// The shared code's own messages in English (the rulebook's, notifications'): what it says where it
// raises an issue or stores a notification. Its own module, so what only says messages in the
// reader's language (the sign-in page) does not carry it.
export const formatEnglish = catalogFormatter('en', english as unknown as Catalog);

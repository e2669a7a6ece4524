import type { ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import english from '../../src-shared/i18n/compiled/en.json';

/** A view's words as the app gives them in English: the compiled catalog, as the page loads it. */
export function InEnglish({ children }: { children: ReactNode }) {
  return (
    <IntlProvider
      locale="en"
      defaultLocale="en"
      messages={english as Record<string, MessageFormatElement[]>}
      onError={(error) => {
        throw error;
      }}
    >
      {children}
    </IntlProvider>
  );
}

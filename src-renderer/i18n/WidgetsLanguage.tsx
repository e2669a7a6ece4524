import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';

/**
 * The widgets' language (date fields, their buttons' names) is the page's. In English they keep
 * the system's way of writing dates, as before the app spoke other languages.
 */
export function WidgetsLanguage({ children }: { children: ReactNode }) {
  const { locale } = useIntl();
  return locale === 'en' ? children : <I18nProvider locale={locale}>{children}</I18nProvider>;
}

import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { FormatMessage } from '@shared/i18n/format';

/** The page's language as the rulebook formats with: its issues said by code, in the reader's words. */
export function useFormatMessage(): FormatMessage {
  const intl = useIntl();
  return useMemo(
    () => (id, values) => {
      // A descriptor made here, not written out: the extraction reads only the messages the code defines.
      const descriptor = { id };
      return intl.formatMessage(descriptor, values);
    },
    [intl],
  );
}

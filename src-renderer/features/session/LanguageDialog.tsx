import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, isLocale } from '@shared/i18n/locales';
import { Button, Dialog, RadioGroup } from '@renderer/components/ui';
import { systemLocale, useLanguage } from '@renderer/i18n/LanguageProvider';

const MESSAGES = {
  title: defineMessage({ id: 'account.language', defaultMessage: 'Language' }),
  system: defineMessage<{ language: string }>({
    id: 'session.language.system',
    defaultMessage: 'As the system: {language}',
  }),
  choice: defineMessage({ id: 'session.language.choice', defaultMessage: 'The language of the app on this computer' }),
};

const SYSTEM = 'system';

/**
 * "Language": the app in the system's language, or in one chosen on this computer. Each is named in
 * its own words, so a reader lost in another language still finds theirs. The service is told too,
 * and writes this person's mails in it.
 */
export function LanguageDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const { chosen, choose } = useLanguage();
  const [value, setValue] = useState<string>(chosen ?? SYSTEM);
  const options = [
    { value: SYSTEM, label: intl.formatMessage(MESSAGES.system, { language: LOCALE_NAMES[systemLocale()] }) },
    ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale })),
  ];
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="small">
      <RadioGroup label={intl.formatMessage(MESSAGES.choice)} options={options} value={value} onChange={setValue} />
      <div className="actions">
        <Button
          variant="primary"
          onPress={() => {
            choose(isLocale(value) ? value : null);
            onClose();
          }}
        >
          <FormattedMessage id="session.language.save" defaultMessage="Use this language" />
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="session.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Dialog>
  );
}

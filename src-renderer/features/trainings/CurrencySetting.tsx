import { defineMessage, useIntl } from 'react-intl';
import { Select, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';

const MESSAGES = {
  label: defineMessage({ id: 'trainings.currency.label', defaultMessage: 'Costs in' }),
  set: defineMessage<{ currency: string }>({
    id: 'trainings.currency.set',
    defaultMessage: 'Training costs are now in {currency}',
  }),
};

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD', 'JPY'];

/** An admin's choice of the currency training costs are in (the organization's, set on the service). */
export function CurrencySetting({ currency }: { currency: string }) {
  const intl = useIntl();
  const set = useAppAction('organization.setCurrency');
  const codes = CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES];
  return (
    <Select
      label={intl.formatMessage(MESSAGES.label)}
      items={codes.map((c) => ({ id: c, name: c }))}
      value={currency}
      error={set.error}
      onChange={(c) => {
        if (c !== currency)
          void set
            .run({ currency: c })
            .then((done) => done && toast(intl.formatMessage(MESSAGES.set, { currency: c })));
      }}
    />
  );
}

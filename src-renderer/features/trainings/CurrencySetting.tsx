import { Select, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD', 'JPY'];

/** An admin's choice of the currency training costs are in (the organization's, set on the service). */
export function CurrencySetting({ currency }: { currency: string }) {
  const set = useAppAction('organization.setCurrency');
  const codes = CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES];
  return (
    <Select
      label="Costs in"
      items={codes.map((c) => ({ id: c, name: c }))}
      value={currency}
      error={set.error}
      onChange={(c) => {
        if (c !== currency)
          void set.run({ currency: c }).then((done) => done && toast(`Training costs are now in ${c}`));
      }}
    />
  );
}

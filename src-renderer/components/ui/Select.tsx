import { Button as AriaButton, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { defineMessage, useIntl } from 'react-intl';
import { ChoiceList, type Choice } from './ChoiceList';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';
import { CHEVRON } from './marks';

const CHOOSE = defineMessage({ id: 'ui.select.placeholder', defaultMessage: 'Choose…' });

export interface SelectProps extends FieldProps {
  items: readonly Choice[];
  /** '' means nothing chosen. */
  value: string;
  onChange: (id: string) => void;
  placeholder?: string;
  /**
   * A filter's "no filter" choice (e.g. "Any status"): listed first, shown while the value is '',
   * and chosen as ''. Without it, a filter with nothing chosen would read "Choose…".
   */
  anyLabel?: string;
  isDisabled?: boolean;
  className?: string;
}

/** The key of the `anyLabel` choice: '' itself is no key a list can select. */
const ANY_KEY = 'select-any-choice';

/** One choice from a list, in a popover; typing a letter jumps to it. */
export function Select({
  label,
  description,
  error,
  isRequired,
  items,
  value,
  onChange,
  placeholder,
  anyLabel,
  isDisabled,
  className,
}: SelectProps) {
  const intl = useIntl();
  const choices = anyLabel === undefined ? items : [{ id: ANY_KEY, name: anyLabel }, ...items];
  return (
    <AriaSelect
      selectedKey={value || (anyLabel === undefined ? null : ANY_KEY)}
      onSelectionChange={(key: Key | null) => onChange(key == null || key === ANY_KEY ? '' : String(key))}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      placeholder={placeholder ?? intl.formatMessage(CHOOSE)}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <AriaButton className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          {CHEVRON}
        </span>
      </AriaButton>
      <FieldHelp description={description} error={error} />
      <ChoiceList items={choices} />
    </AriaSelect>
  );
}

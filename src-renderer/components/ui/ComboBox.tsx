import { Button as AriaButton, ComboBox as AriaComboBox, Input, type Key } from 'react-aria-components';
import { defineMessage, useIntl } from 'react-intl';
import { ChoiceList, type Choice } from './ChoiceList';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';
import { CHEVRON } from './marks';

const SHOW_CHOICES = defineMessage({ id: 'ui.comboBox.showChoices', defaultMessage: 'Show choices' });

export interface ComboBoxProps extends FieldProps {
  items: readonly Choice[];
  value: string;
  onChange: (id: string) => void;
  /** The typed text, for a caller that searches on its own (the backend's directory). */
  onInputChange?: (text: string) => void;
  className?: string;
}

/** A choice found by typing: the list narrows as one types. */
export function ComboBox({
  label,
  description,
  error,
  isRequired,
  items,
  value,
  onChange,
  onInputChange,
  className,
}: ComboBoxProps) {
  const intl = useIntl();
  return (
    <AriaComboBox
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => onChange(key == null ? '' : String(key))}
      onInputChange={onInputChange}
      defaultItems={items}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
      menuTrigger="focus"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="combo">
        <Input />
        <AriaButton className="combo-button" aria-label={intl.formatMessage(SHOW_CHOICES)}>
          <span aria-hidden="true">{CHEVRON}</span>
        </AriaButton>
      </div>
      <FieldHelp description={description} error={error} />
      <ChoiceList />
    </AriaComboBox>
  );
}

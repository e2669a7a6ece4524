import { Button as AriaButton, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { ChoiceList, type Choice } from './ChoiceList';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

export interface SelectProps extends FieldProps {
  items: readonly Choice[];
  /** '' means nothing chosen. */
  value: string;
  onChange: (id: string) => void;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
}

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
  isDisabled,
  className,
}: SelectProps) {
  return (
    <AriaSelect
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => onChange(key == null ? '' : String(key))}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      placeholder={placeholder ?? 'Choose…'}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <AriaButton className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} error={error} />
      <ChoiceList items={items} />
    </AriaSelect>
  );
}

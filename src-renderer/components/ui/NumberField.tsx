import {
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

export interface NumberFieldProps extends Omit<AriaProps, 'children' | 'isInvalid'>, FieldProps {}

/** A number field: decimals allowed unless `formatOptions` say otherwise; arrow keys step it. */
export function NumberField({ label, description, error, className, formatOptions, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      formatOptions={formatOptions ?? { maximumFractionDigits: 6, useGrouping: false }}
      isInvalid={!!error}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className="number-group">
        <Input />
      </Group>
      <FieldHelp description={description} error={error} />
    </AriaNumberField>
  );
}

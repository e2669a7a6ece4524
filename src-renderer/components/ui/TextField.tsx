import { Input, TextArea, TextField as AriaTextField, type TextFieldProps as AriaProps } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

export interface TextFieldProps extends Omit<AriaProps, 'children' | 'isInvalid'>, FieldProps {
  /** Several lines (a TextArea) of this many rows. */
  rows?: number;
  placeholder?: string;
}

/** A text field with its label, required mark, description and error. */
export function TextField({ label, description, error, rows, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={!!error}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      {rows ? <TextArea rows={rows} placeholder={placeholder} /> : <Input placeholder={placeholder} />}
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

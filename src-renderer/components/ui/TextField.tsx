// From the component's own entry, not the package's index (which names every component): the
// sign-in page loads this part of the kit at start, and only what it names comes with it.
import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaProps,
} from 'react-aria-components/TextField';
import { useEcho } from './useEcho';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

export interface TextFieldProps extends Omit<AriaProps, 'children' | 'isInvalid'>, FieldProps {
  /** Several lines (a TextArea) of this many rows. */
  rows?: number;
  placeholder?: string;
  /** The most characters the rules allow: a live count shows, and nothing typed past it is cut. */
  maxChars?: number;
  /** Each key shows at once; the change is handed on in a transition (a field of a big form). */
  deferred?: boolean;
}

/** A text field with its label, required mark, description and error. */
export function TextField({
  label,
  description,
  error,
  rows,
  placeholder,
  maxChars,
  className,
  deferred = false,
  value: given,
  onChange: handOn,
  ...props
}: TextFieldProps) {
  const [value, onChange] = useEcho(given ?? '', handOn, deferred);
  const length = value.length;
  const counted =
    maxChars === undefined ? (
      description
    ) : (
      <>
        {description}
        {description ? ' ' : null}
        <span className={length > maxChars ? 'char-count over' : 'char-count'}>
          {length} of {maxChars}
        </span>
      </>
    );
  return (
    <AriaTextField
      {...props}
      value={given === undefined && !deferred ? undefined : value}
      onChange={onChange}
      isInvalid={!!error}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      {rows ? <TextArea rows={rows} placeholder={placeholder} /> : <Input placeholder={placeholder} />}
      <FieldHelp description={counted} error={error} />
    </AriaTextField>
  );
}

import { useEffect, useRef, useState } from 'react';
// From the component's own entry, not the package's index (which names every component): the
// sign-in page loads this part of the kit at start, and only what it names comes with it.
import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaProps,
} from 'react-aria-components/TextField';
import { defineMessage, useIntl, type IntlShape } from 'react-intl';
import { numberText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';
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

// `count` chooses the plural; `shown` is the same number as the field writes it.
const MESSAGES = {
  over: defineMessage<{ count: number; shown: string }>({
    id: 'ui.textField.over',
    defaultMessage: '{count, plural, one {{shown} character over the limit} other {{shown} characters over the limit}}',
  }),
  left: defineMessage<{ count: number; shown: string }>({
    id: 'ui.textField.left',
    defaultMessage: '{count, plural, one {{shown} character left} other {{shown} characters left}}',
  }),
  count: defineMessage<{ length: string; max: string }>({
    id: 'ui.textField.count',
    defaultMessage: '{length} of {max} characters',
  }),
};

/** Near the limit: within a tenth of it (50 of 500), or past it. */
function nearLimitWords(length: number, max: number, intl: IntlShape): string {
  const left = max - length;
  if (left > Math.ceil(max / 10)) return '';
  if (left < 0) return intl.formatMessage(MESSAGES.over, { count: -left, shown: numberText(intl, -left) });
  return intl.formatMessage(MESSAGES.left, { count: left, shown: numberText(intl, left) });
}

/** How long typing pauses before the count near the limit is said: not at every key. */
const SAY_AFTER_MS = 800;

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
  const intl = useIntl();
  const [value, echo] = useEcho(given ?? '', handOn, deferred);
  const length = value.length;
  // The count is read with the field's description; a screen reader is told of it unasked only near
  // the limit, once typing pauses.
  const [said, setSaid] = useState('');
  const saying = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saying.current), []);
  const onChange =
    maxChars === undefined
      ? echo
      : (next: string) => {
          echo?.(next);
          clearTimeout(saying.current);
          saying.current = setTimeout(() => setSaid(nearLimitWords(next.length, maxChars, intl)), SAY_AFTER_MS);
        };
  const counted =
    maxChars === undefined ? (
      description
    ) : (
      <>
        {description}
        {description ? SPACE : null}
        <span className={length > maxChars ? 'char-count over' : 'char-count'}>
          {intl.formatMessage(MESSAGES.count, { length: numberText(intl, length), max: numberText(intl, maxChars) })}
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
      {maxChars !== undefined && (
        <span className="visually-hidden" aria-live="polite">
          {said}
        </span>
      )}
    </AriaTextField>
  );
}

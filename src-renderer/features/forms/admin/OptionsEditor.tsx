import { useRef } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Button, TextField } from '@renderer/components/ui';
import { DOWN, REMOVE, UP } from '../marks';
import { moveItem, OPTION_NUMBER } from './editableForm';

const MESSAGES = {
  up: defineMessage<{ number: number }>({ id: 'forms.option.up', defaultMessage: 'Move option {number} up' }),
  down: defineMessage<{ number: number }>({ id: 'forms.option.down', defaultMessage: 'Move option {number} down' }),
  remove: defineMessage<{ number: number }>({ id: 'forms.option.remove', defaultMessage: 'Remove option {number}' }),
};

/** A choice question's options: each edited in place, moved, removed; one added at the end. */
export function OptionsEditor({
  options,
  onChange,
  error,
  disabled,
}: {
  options: string[];
  onChange: (options: string[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const intl = useIntl();
  const list = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number) => onChange(moveItem(options, from, to));
  return (
    <fieldset className="forms-options-editor">
      <legend>
        <FormattedMessage id="forms.options.legend" defaultMessage="Options" />
      </legend>
      <ol ref={list}>
        {options.map((o, i) => (
          // Options are edited by position: their text changes as it is typed.
          <li key={i}>
            <TextField
              label={intl.formatMessage(OPTION_NUMBER, { number: i + 1 })}
              value={o}
              isDisabled={disabled}
              onChange={(v) => onChange(options.map((x, j) => (j === i ? v : x)))}
            />
            <Button
              variant="quiet"
              aria-label={intl.formatMessage(MESSAGES.up, { number: i + 1 })}
              isDisabled={disabled || i === 0}
              onPress={() => move(i, i - 1)}
            >
              {UP}
            </Button>
            <Button
              variant="quiet"
              aria-label={intl.formatMessage(MESSAGES.down, { number: i + 1 })}
              isDisabled={disabled || i === options.length - 1}
              onPress={() => move(i, i + 1)}
            >
              {DOWN}
            </Button>
            <Button
              variant="quiet"
              aria-label={intl.formatMessage(MESSAGES.remove, { number: i + 1 })}
              isDisabled={disabled || options.length <= 1}
              onPress={() => onChange(options.filter((_, j) => j !== i))}
            >
              {REMOVE}
            </Button>
          </li>
        ))}
      </ol>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button
        isDisabled={disabled}
        onPress={() => {
          onChange([...options, intl.formatMessage(OPTION_NUMBER, { number: options.length + 1 })]);
          // The new option's field, to type its words at once.
          requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.select());
        }}
      >
        <FormattedMessage id="forms.options.add" defaultMessage="Add option" />
      </Button>
    </fieldset>
  );
}

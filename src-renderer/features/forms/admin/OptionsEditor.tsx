import { useRef } from 'react';
import { Button, TextField } from '@renderer/components/ui';
import { moveItem } from './editableForm';

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
  const list = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number) => onChange(moveItem(options, from, to));
  return (
    <fieldset className="forms-options-editor">
      <legend>Options</legend>
      <ol ref={list}>
        {options.map((o, i) => (
          // Options are edited by position: their text changes as it is typed.
          <li key={i}>
            <TextField
              label={`Option ${i + 1}`}
              value={o}
              isDisabled={disabled}
              onChange={(v) => onChange(options.map((x, j) => (j === i ? v : x)))}
            />
            <Button
              variant="quiet"
              aria-label={`Move option ${i + 1} up`}
              isDisabled={disabled || i === 0}
              onPress={() => move(i, i - 1)}
            >
              ↑
            </Button>
            <Button
              variant="quiet"
              aria-label={`Move option ${i + 1} down`}
              isDisabled={disabled || i === options.length - 1}
              onPress={() => move(i, i + 1)}
            >
              ↓
            </Button>
            <Button
              variant="quiet"
              aria-label={`Remove option ${i + 1}`}
              isDisabled={disabled || options.length <= 1}
              onPress={() => onChange(options.filter((_, j) => j !== i))}
            >
              ×
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
          onChange([...options, `Option ${options.length + 1}`]);
          // The new option's field, to type its words at once.
          requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.select());
        }}
      >
        Add option
      </Button>
    </fieldset>
  );
}

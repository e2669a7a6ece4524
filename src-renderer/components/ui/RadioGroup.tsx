import { Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';

export interface RadioGroupProps extends FieldProps {
  /** `lang` when a choice is named in another language than the page's (a language in its own words). */
  options: readonly { value: string; label: string; lang?: string }[];
  value: string;
  onChange: (value: string) => void;
  orientation?: 'horizontal' | 'vertical';
  onBlur?: () => void;
  className?: string;
  /** Words under the first and last choice of a line of numbers ("Not at all" … "Extremely"). */
  ends?: { first?: string | null; last?: string | null };
}

/** One of a few choices; arrow keys move between them (one tab stop for the group). */
export function RadioGroup({
  label,
  description,
  error,
  isRequired,
  options,
  value,
  onChange,
  orientation = 'vertical',
  onBlur,
  className,
  ends,
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      value={value || null}
      onChange={onChange}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
      orientation={orientation}
      onBlur={onBlur}
      className={['field radio-group', orientation, className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <FieldHelp description={description} error={null} />
      <div className="radios">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} className="radio">
            {o.lang ? <span lang={o.lang}>{o.label}</span> : o.label}
          </Radio>
        ))}
      </div>
      {(ends?.first || ends?.last) && (
        // Also in the description, so a screen reader hears them with the group.
        <div className="radio-ends" aria-hidden="true">
          <span>{ends.first}</span>
          <span>{ends.last}</span>
        </div>
      )}
      <FieldHelp error={error} />
    </AriaRadioGroup>
  );
}

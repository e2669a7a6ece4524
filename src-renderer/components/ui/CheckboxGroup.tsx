import { CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { Checkbox } from './Checkbox';
import { FieldLabel } from './FieldParts';

/** Several of a few choices, each a checkbox (Tab between them, Space to toggle). */
export function CheckboxGroup({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <AriaCheckboxGroup value={[...value]} onChange={onChange} className="field checkbox-group">
      <FieldLabel label={label} />
      {options.map((o) => (
        <Checkbox key={o.value} value={o.value}>
          {o.label}
        </Checkbox>
      ))}
    </AriaCheckboxGroup>
  );
}

import { choiceRange, TEXTAREA_MAX, TEXT_MAX } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Checkbox, DatePicker, Field, RadioGroup, Select, TextField } from '@renderer/components/ui';

/** Past this many options a single choice is a list to open, not a column of radios. */
const RADIOS_AT_MOST = 7;

export interface QuestionInputProps {
  q: Question;
  value: string;
  onChange: (value: string) => void;
  /** The person left the question: the rulebook checks it then. */
  onLeave: () => void;
  error: string | undefined;
}

/** One question as its proper control, with its label, required mark, description and error. */
export function QuestionInput({ q, value, onChange, onLeave, error }: QuestionInputProps) {
  const common = { label: q.label, isRequired: q.required, description: q.description ?? undefined, error };
  switch (q.type) {
    case 'TEXT':
    case 'TEXTAREA':
      return (
        <TextField
          {...common}
          value={value}
          onChange={onChange}
          onBlur={onLeave}
          rows={q.type === 'TEXTAREA' ? 4 : undefined}
          maxChars={q.type === 'TEXTAREA' ? TEXTAREA_MAX : TEXT_MAX}
        />
      );
    case 'NUMBER': {
      const range =
        q.min != null && q.max != null
          ? `From ${q.min} to ${q.max}`
          : q.min != null
            ? `At least ${q.min}`
            : q.max != null
              ? `At most ${q.max}`
              : undefined;
      return (
        <TextField
          {...common}
          description={[q.description, range].filter(Boolean).join(' · ') || undefined}
          inputMode="decimal"
          value={value}
          onChange={onChange}
          onBlur={onLeave}
        />
      );
    }
    case 'DATE':
      return <DatePicker {...common} value={value} onChange={onChange} />;
    case 'SINGLE_CHOICE':
    case 'YES_NO': {
      const options =
        q.type === 'YES_NO'
          ? [
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]
          : (q.options ?? []).map((o) => ({ value: o, label: o }));
      if (options.length > RADIOS_AT_MOST) {
        return (
          <Select
            {...common}
            items={options.map((o) => ({ id: o.value, name: o.label }))}
            value={value}
            onChange={(v) => {
              onChange(v);
              onLeave();
            }}
            placeholder="Choose one"
          />
        );
      }
      return (
        <RadioGroup
          {...common}
          options={options}
          value={value}
          onChange={onChange}
          onBlur={onLeave}
          orientation={q.type === 'YES_NO' ? 'horizontal' : 'vertical'}
        />
      );
    }
    case 'RATING':
    case 'SCALE': {
      const { min, max } = choiceRange(q);
      const options = Array.from({ length: max - min + 1 }, (_, i) => ({
        value: String(min + i),
        label: String(min + i),
      }));
      const end = (n: number, words: string | null | undefined) => (words ? `${n} ${words}` : String(n));
      return (
        <RadioGroup
          {...common}
          description={[
            q.description,
            `From ${end(min, q.minLabel)} to ${end(max, q.maxLabel)}${q.minLabel ? '' : ` (${min} lowest)`}`,
          ]
            .filter(Boolean)
            .join(' · ')}
          options={options}
          value={value}
          onChange={onChange}
          onBlur={onLeave}
          orientation="horizontal"
          className="scale"
          ends={{ first: q.minLabel, last: q.maxLabel }}
        />
      );
    }
    case 'MULTIPLE_CHOICE': {
      const picked = value ? (JSON.parse(value) as string[]) : [];
      return (
        <Field {...common}>
          {({ labelId, describedBy }) => (
            <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="forms-checks">
              {(q.options ?? []).map((o) => (
                <Checkbox
                  key={o}
                  isSelected={picked.includes(o)}
                  onBlur={onLeave}
                  onChange={(on) => {
                    const next = on ? [...picked, o] : picked.filter((p) => p !== o);
                    onChange(next.length ? JSON.stringify(next) : '');
                  }}
                >
                  {o}
                </Checkbox>
              ))}
            </div>
          )}
        </Field>
      );
    }
  }
}

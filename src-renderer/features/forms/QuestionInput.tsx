import { defineMessage, useIntl } from 'react-intl';
import { choiceRange, TEXTAREA_MAX, TEXT_MAX } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Checkbox, DatePicker, Field, RadioGroup, Select, TextField } from '@renderer/components/ui';
import { SEPARATOR } from '@renderer/i18n/punctuation';
import { YES_NO } from './answerWords';

/** Past this many options a single choice is a list to open, not a column of radios. */
const RADIOS_AT_MOST = 7;

const MESSAGES = {
  between: defineMessage<{ min: number; max: number }>({
    id: 'forms.question.range.between',
    defaultMessage: 'From {min} to {max}',
  }),
  atLeast: defineMessage<{ min: number }>({ id: 'forms.question.range.atLeast', defaultMessage: 'At least {min}' }),
  atMost: defineMessage<{ max: number }>({ id: 'forms.question.range.atMost', defaultMessage: 'At most {max}' }),
  /** A rating's or a scale's ends, with the words given for each (`ends`: which have words). */
  scale: defineMessage<{
    ends: 'both' | 'min' | 'max' | 'none';
    min: number;
    max: number;
    minLabel: string;
    maxLabel: string;
  }>({
    id: 'forms.question.scale',
    defaultMessage:
      '{ends, select, both {From {min} {minLabel} to {max} {maxLabel}} min {From {min} {minLabel} to {max}} max {From {min} to {max} {maxLabel} ({min} lowest)} other {From {min} to {max} ({min} lowest)}}',
  }),
  chooseOne: defineMessage({ id: 'forms.question.chooseOne', defaultMessage: 'Choose one' }),
};

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
  const intl = useIntl();
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
          ? intl.formatMessage(MESSAGES.between, { min: q.min, max: q.max })
          : q.min != null
            ? intl.formatMessage(MESSAGES.atLeast, { min: q.min })
            : q.max != null
              ? intl.formatMessage(MESSAGES.atMost, { max: q.max })
              : undefined;
      return (
        <TextField
          {...common}
          description={[q.description, range].filter(Boolean).join(SEPARATOR) || undefined}
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
              { value: 'yes', label: intl.formatMessage(YES_NO, { answer: 'yes' }) },
              { value: 'no', label: intl.formatMessage(YES_NO, { answer: 'no' }) },
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
            placeholder={intl.formatMessage(MESSAGES.chooseOne)}
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
      const ends = q.minLabel ? (q.maxLabel ? 'both' : 'min') : q.maxLabel ? 'max' : 'none';
      return (
        <RadioGroup
          {...common}
          description={[
            q.description,
            intl.formatMessage(MESSAGES.scale, {
              ends,
              min,
              max,
              minLabel: q.minLabel ?? '',
              maxLabel: q.maxLabel ?? '',
            }),
          ]
            .filter(Boolean)
            .join(SEPARATOR)}
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

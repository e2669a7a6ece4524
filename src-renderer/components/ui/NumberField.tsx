import { useState, type KeyboardEvent } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { formatLocale } from '@renderer/i18n/dates';
import { FieldHelp, FieldLabel, type FieldProps } from './FieldParts';
import { readNumber, type TypedNumber } from './localeNumber';

export type { TypedNumber };

/** The number a TypedNumber stands for, or null (empty, or not a number). */
export const numberOf = (value: TypedNumber): number | null =>
  typeof value === 'number' && !Number.isNaN(value) ? value : null;

/** A number as the locale writes it, ungrouped ("2,5" in German); text as typed. */
const show = (value: TypedNumber, locale: string) =>
  typeof value === 'number'
    ? Number.isNaN(value)
      ? ''
      : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 }).format(value)
    : value;

export interface NumberFieldProps extends FieldProps {
  value: TypedNumber;
  onChange: (value: TypedNumber) => void;
  /** What the arrow keys add or take away. */
  step?: number;
  isDisabled?: boolean;
  className?: string;
}

/**
 * A number field that keeps what was typed: a minus sign, a letter or a value out of range is never
 * dropped or rewritten, but left for the rules to refuse beside the field. Arrow keys step it.
 */
export function NumberField({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  step = 1,
  isDisabled,
  className,
}: NumberFieldProps) {
  // The text as typed ("2." on the way to "2.5"), as long as it still means the value held.
  const [text, setText] = useState<{ typed: string; value: TypedNumber } | null>(null);
  // Read and written as the page's locale writes numbers ("1.250,5" in German).
  const locale = formatLocale(useIntl().locale);
  const shown = text && Object.is(text.value, value) ? text.typed : show(value, locale);
  const type = (typed: string) => {
    const next = readNumber(typed, locale);
    setText({ typed, value: next });
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (typeof value === 'string') return;
    event.preventDefault();
    const next = (numberOf(value) ?? 0) + (event.key === 'ArrowUp' ? step : -step);
    // Steps of 0.1 stay 0.3, not 0.30000000000000004.
    type(show(Number(next.toFixed(10)), locale));
  };
  return (
    <AriaTextField
      value={shown}
      onChange={type}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={!!error}
      validationBehavior="aria"
      className={['field', className].filter(Boolean).join(' ')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Input inputMode="decimal" autoComplete="off" onKeyDown={onKeyDown} />
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

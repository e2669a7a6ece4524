import type { ReactNode } from 'react';
// From the component's own entry, not the package's index (which names every component): the
// sign-in page loads this part of the kit at start, and only what it names comes with it.
import { FieldError, Label, Text } from 'react-aria-components/TextField';
import { SPACE } from '@renderer/i18n/punctuation';
import { REQUIRED } from './marks';

export interface FieldProps {
  label: string;
  /** A line under the label: what to enter, a range, a limit. */
  description?: ReactNode;
  /** The field's error from the backend's `details` (or the rulebook), shown under it. */
  error?: string | null | undefined;
  isRequired?: boolean;
}

/** Marks a required field to the eye; the control itself says "required" to a screen reader. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {SPACE}
      {REQUIRED}
    </span>
  );
}

/** Label, description and error of a react-aria field (they take their ids from its context). */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className="field-label">
      {label}
      {isRequired && <RequiredMark />}
    </Label>
  );
}

export function FieldHelp({ description, error }: Pick<FieldProps, 'description' | 'error'>) {
  return (
    <>
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
    </>
  );
}

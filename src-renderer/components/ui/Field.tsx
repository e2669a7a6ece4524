import { useId, type ReactNode } from 'react';
import { RequiredMark, type FieldProps } from './FieldParts';

/**
 * A field around a control of its own (a group of radios, a rating): the label names the group, the
 * description and the error describe it, and the required mark shows.
 */
export function Field({
  label,
  description,
  error,
  isRequired,
  children,
}: FieldProps & { children: (ids: { labelId: string; describedBy: string | undefined }) => ReactNode }) {
  const id = useId();
  const describedBy = [description ? `${id}-d` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <span className="field-label" id={`${id}-l`}>
        {label}
        {isRequired && <RequiredMark />}
      </span>
      {description && (
        <span className="field-description" id={`${id}-d`}>
          {description}
        </span>
      )}
      {children({ labelId: `${id}-l`, describedBy })}
      {error && (
        <span className="field-error" id={`${id}-e`}>
          {error}
        </span>
      )}
    </div>
  );
}

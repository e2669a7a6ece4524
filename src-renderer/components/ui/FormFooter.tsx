import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button';

/** The end of a form in a dialog: why it was refused (if it was), the submit button and Cancel. */
export function FormFooter({
  error,
  submitLabel,
  pending,
  onCancel,
  cancelLabel,
  children,
}: {
  error: string | null;
  submitLabel: string;
  pending: boolean;
  /** Without it, no Cancel: the dialog's own Close is the way out. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** More actions, between the submit button and Cancel. */
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p className="form-error wide" role="alert">
          {error}
        </p>
      )}
      <div className="actions wide">
        <Button type="submit" variant="primary" isPending={pending}>
          {submitLabel}
        </Button>
        {children}
        {onCancel && (
          <Button onPress={onCancel}>
            {cancelLabel ?? <FormattedMessage id="ui.cancel" defaultMessage="Cancel" />}
          </Button>
        )}
      </div>
    </>
  );
}

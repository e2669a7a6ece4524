import { Button } from './Button';

/** The end of a form in a dialog: why it was refused (if it was), the submit button and Cancel. */
export function FormFooter({
  error,
  submitLabel,
  pending,
  onCancel,
}: {
  error: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
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
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </>
  );
}

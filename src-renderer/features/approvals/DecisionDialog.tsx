import { useState, type FormEvent } from 'react';
import type { LeaveDecision } from '../../../src-shared/wire';
import { Dialog, FormFooter, TextField } from '../../components/ui';

/** The reason for a decision on one request or several: asked for a rejection, optional for an approval. */
export function DecisionDialog({
  decision,
  what,
  onDecide,
  onClose,
}: {
  decision: LeaveDecision;
  /** "Alice Archer, 2026-12-30" or "3 requests". */
  what: string;
  onDecide: (comment: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const rejecting = decision === 'REJECTED';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rejecting && !reason.trim()) {
      setFieldError('Give a reason: the person sees it with the decision');
      return;
    }
    setPending(true);
    const failed = await onDecide(reason.trim());
    setPending(false);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Dialog title={`${rejecting ? 'Reject' : 'Approve'} ${what}`} onClose={onClose} size="small">
      <form className="grid-form single" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          className="wide"
          label="Reason"
          rows={3}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setFieldError(null);
          }}
          isRequired={rejecting}
          maxLength={500}
          description={
            rejecting ? 'The person sees it with the decision.' : 'Optional. The person sees it with the decision.'
          }
          error={fieldError}
        />
        <FormFooter error={error} submitLabel={rejecting ? 'Reject' : 'Approve'} pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

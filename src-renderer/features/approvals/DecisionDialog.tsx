import { useState, type FormEvent } from 'react';
import { parseWithRules } from '@shared/rules';
import { leaveStatusUpdateSchema, type LeaveDecision, MAX_REVIEW_COMMENT } from '@shared/wire';
import { Dialog, FormFooter, TextField } from '@renderer/components/ui';
import { LEAVE_LABELS } from '@renderer/features/leave';
import { defineMessage, useIntl } from 'react-intl';
import { APPROVALS_LABELS } from './approvalsWords';

const MESSAGES = {
  giveReason: defineMessage({
    id: 'approvals.decision.reasonNeeded',
    defaultMessage: 'Give a reason: the person sees it with the decision',
  }),
  title: defineMessage<{ decision: LeaveDecision; what: string }>({
    id: 'approvals.decision.title',
    defaultMessage: '{decision, select, REJECTED {Reject {what}} other {Approve {what}}}',
  }),
  covers: defineMessage<{ decision: LeaveDecision }>({
    id: 'approvals.decision.covers',
    defaultMessage: '{decision, select, REJECTED {Rejects these requests:} other {Approves these requests:}}',
  }),
  more: defineMessage<{ count: number }>({
    id: 'approvals.decision.more',
    defaultMessage: 'and {count, number, ::group-off} more',
  }),
  reasonHint: defineMessage<{ decision: LeaveDecision }>({
    id: 'approvals.decision.reason.hint',
    defaultMessage:
      '{decision, select, REJECTED {The person sees it with the decision.} other {Optional. The person sees it with the decision.}}',
  }),
};

/** The reason for a decision on one request or several: asked for a rejection, optional for an approval. */
/** The requests a decision on several covers are listed up to this many, then counted. */
const LISTED = 10;

export function DecisionDialog({
  decision,
  what,
  covers = [],
  reason: typed = '',
  refusal = null,
  onDecide,
  onClose,
}: {
  decision: LeaveDecision;
  /** "Alice Archer, 2026-12-30" or "3 requests". */
  what: string;
  /** Each request decided at once, in words ("Alice Archer, 2026-12-30"), when there are several. */
  covers?: readonly string[];
  /** The reason already typed, and why the decision was refused, when it comes back. */
  reason?: string;
  refusal?: string | null;
  onDecide: (comment: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState(typed);
  const [error, setError] = useState<string | null>(refusal);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const rejecting = decision === 'REJECTED';
  // The rulebook's word on the reason as it is typed (its length), before anything is sent.
  const checked = parseWithRules(leaveStatusUpdateSchema, { status: decision, comment: reason });
  const ruleError = checked.ok ? null : (checked.issues.find((i) => i.path === 'comment')?.message ?? null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ruleError) return;
    if (rejecting && !reason.trim()) {
      setFieldError(intl.formatMessage(MESSAGES.giveReason));
      return;
    }
    setPending(true);
    const failed = await onDecide(reason.trim());
    if (!failed) return onClose();
    setPending(false);
    setError(failed);
  };
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title, { decision, what })} onClose={onClose} size="small">
      {covers.length > 1 && (
        <div className="approvals-covers">
          <p id="covers-title">{intl.formatMessage(MESSAGES.covers, { decision })}</p>
          <ul aria-labelledby="covers-title">
            {covers.slice(0, LISTED).map((c, i) => (
              <li key={`${i}:${c}`}>{c}</li>
            ))}
            {covers.length > LISTED && <li>{intl.formatMessage(MESSAGES.more, { count: covers.length - LISTED })}</li>}
          </ul>
        </div>
      )}
      <form className="grid-form approvals-single" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          className="wide"
          label={intl.formatMessage(LEAVE_LABELS.reason)}
          rows={3}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setFieldError(null);
          }}
          isRequired={rejecting}
          maxChars={MAX_REVIEW_COMMENT}
          description={intl.formatMessage(MESSAGES.reasonHint, { decision })}
          error={ruleError ?? fieldError}
        />
        <FormFooter
          error={error}
          submitLabel={intl.formatMessage(rejecting ? APPROVALS_LABELS.reject : APPROVALS_LABELS.approve)}
          pending={pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

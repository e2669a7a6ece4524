import { useRef, useState, type FormEvent } from 'react';
import { daysWord, parseWithRules, rangeIssues, leaveCreateSchema } from '@shared/rules';
import { type Leave, type LeaveType } from '@shared/wire';
import { FormFooter, DatePicker, Dialog, Select, TextField, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusFirstError } from '@renderer/state/focus';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { dayAndMonth } from './BalanceSheet';
import { LEAVE_TYPES, span, typeName } from './leaveWords';

/**
 * What the dates cost, as the backend counts them for the caller's nationality (working days and the
 * public holidays they skip); the own leave they overlap; who is away then.
 */
function Preview({ start, end, type, exceptId }: { start: string; end: string; type: LeaveType; exceptId?: string }) {
  const ready = Boolean(start && end) && rangeIssues({ startDate: start, endDate: end }).length === 0;
  const preview = useAppQuery('leave.preview', {
    startDate: start,
    endDate: end,
    type,
    ...(exceptId ? { exceptId } : {}),
  });
  if (!ready) return null;
  const data = preview.data;
  const days = data?.workingDays;
  const holidays = data?.holidays ?? [];
  const away = data?.alsoAway ?? [];
  const busiest = Math.max(0, ...(data?.perDay ?? []).map((d) => d.away));
  const balance = data?.balance;
  return (
    <div className="leave-preview wide" role="status">
      <p>
        {days !== undefined
          ? `${days} working day${days === 1 ? '' : 's'}`
          : preview.error
            ? `The working days could not be counted: ${preview.error}`
            : 'Counting working days…'}
        {holidays.length > 0 && ` · not counted: ${holidays.map((h) => `${h.name} (${h.date})`).join(', ')}`}
      </p>
      {preview.data?.overlap && <p className="leave-preview-problem">{preview.data.overlap}</p>}
      {balance && (
        <p className={balance.refusal ? 'leave-preview-problem' : undefined}>
          {balance.refusal ??
            `After this request: ${daysWord(balance.after)} of ${typeName(type).toLowerCase()} leave left${
              balance.year !== Number(start.slice(0, 4)) ? ` in the leave year ${balance.year}` : ''
            }`}
        </p>
      )}
      {balance?.expiring && (
        <p>
          {daysWord(balance.expiring.days)} carried over lapse after {dayAndMonth(balance.expiring.until)}, before these
          dates: take them earlier to keep them.
        </p>
      )}
      {away.length > 0 && (
        <p>
          Also away then:{' '}
          {away
            .map((a) => `${a.name} (${span(a.startDate, a.endDate)}${a.status === 'PENDING' ? ', pending' : ''})`)
            .join('; ')}
          {busiest > 1 && ` · up to ${busiest} of your team away on one day`}
        </p>
      )}
    </div>
  );
}

/** What the rulebook says of a request's fields without the cache: what is missing, the order and length of the dates. */
function checkRequest(form: { startDate: string; endDate: string; type: LeaveType; notes: string }) {
  const parsed = parseWithRules(leaveCreateSchema, { ...form, notes: form.notes || null });
  return parsed.ok ? [] : parsed.issues;
}

/** A new request, or a pending one changed; what was typed stays if it is refused. */
export function LeaveRequestDialog({ leave, onClose }: { leave?: Leave; onClose: () => void }) {
  const create = useAppAction('leave.create');
  const update = useAppAction('leave.update');
  const action = leave ? update : create;
  const [form, setForm] = useState({
    startDate: leave?.startDate.slice(0, 10) ?? '',
    endDate: leave?.endDate.slice(0, 10) ?? '',
    type: leave?.type ?? ('ANNUAL' as LeaveType),
    notes: leave?.notes ?? '',
  });
  // Until the end date is chosen by hand it follows the start date.
  const [endChosen, setEndChosen] = useState(Boolean(leave));
  const shown = useFieldErrors(form, checkRequest, [['startDate', 'endDate']], action.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { ...form, notes: form.notes || null };
    const done = leave ? await update.run({ id: leave.id, changes: fields }) : await create.run(fields);
    if (!done) focusFirstError(formRef.current);
    if (done) {
      toast(leave ? 'Request changed — it will sync' : 'Request sent — it will sync');
      onClose();
    }
  };
  return (
    <Dialog title={leave ? 'Edit leave request' : 'New leave request'} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <DatePicker
          label="Start date"
          value={form.startDate}
          onChange={(startDate) =>
            setForm((f) => ({ ...f, startDate, endDate: endChosen && f.endDate ? f.endDate : startDate }))
          }
          isRequired
          error={errors['startDate']}
        />
        <DatePicker
          label="End date"
          value={form.endDate}
          onChange={(endDate) => {
            setEndChosen(true);
            setForm((f) => ({ ...f, endDate }));
          }}
          isRequired
          error={errors['endDate']}
        />
        <Select
          label="Type"
          items={LEAVE_TYPES}
          value={form.type}
          onChange={(type) => setForm((f) => ({ ...f, type: type as LeaveType }))}
          isRequired
          error={errors['type']}
        />
        <TextField
          label="Notes"
          value={form.notes}
          onChange={(notes) => setForm((f) => ({ ...f, notes }))}
          error={errors['notes']}
        />
        <Preview
          start={form.startDate}
          end={form.endDate}
          type={form.type}
          {...(leave ? { exceptId: leave.id } : {})}
        />
        <FormFooter
          error={shown.summary(action.error)}
          submitLabel={leave ? 'Save changes' : 'Submit request'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

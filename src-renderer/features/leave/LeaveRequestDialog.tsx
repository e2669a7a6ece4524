import { useRef, useState, type FormEvent } from 'react';
import { daysWord, halfDayIssues, parseWithRules, rangeIssues, leaveCreateSchema } from '@shared/rules';
import { impossibleDateWords } from '@shared/calendar/dates';
import { MAX_LEAVE_NOTES, type EndPart, type Leave, type LeaveType, type StartPart } from '@shared/wire';
import { Checkbox, FormFooter, DatePicker, Dialog, Select, TextField, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusFirstError } from '@renderer/state/focus';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { dayAndMonth } from './BalanceSheet';
import { LEAVE_TYPES, span, typeName } from './leaveWords';

/**
 * What the dates cost, as the backend counts them for the caller's nationality (working days and the
 * public holidays they skip); the own leave they overlap; who is away then.
 */
function Preview({
  start,
  end,
  parts,
  type,
  exceptId,
}: {
  start: string;
  end: string;
  parts: Parts;
  type: LeaveType;
  exceptId?: string;
}) {
  const ready =
    Boolean(start && end) &&
    !impossibleDateWords(start) &&
    !impossibleDateWords(end) &&
    rangeIssues({ startDate: start, endDate: end }).length === 0 &&
    halfDayIssues({ startDate: start, endDate: end, ...parts }).length === 0;
  // Counted on the caller's own working week (the backend knows it), so a part-timer's day off costs nothing.
  const preview = useAppQuery('leave.preview', {
    startDate: start,
    endDate: end,
    ...parts,
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
      {preview.data?.blocked && <p className="leave-preview-problem">{preview.data.blocked}</p>}
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
          {away.map((a) => `${a.name} (${span(a)}${a.status === 'PENDING' ? ', pending' : ''})`).join('; ')}
          {busiest > 1 && ` · up to ${busiest} of your team away on one day`}
        </p>
      )}
    </div>
  );
}

/** Where a request's first day starts and its last day ends. */
interface Parts {
  startPart: StartPart;
  endPart: EndPart;
}

/** The parts as sent: on one day both halves cannot be taken, and the afternoon chosen last shows and stays. */
function partsOf(form: { startDate: string; endDate: string } & Parts): Parts {
  const oneDay = form.startDate === form.endDate;
  return {
    startPart: form.startPart,
    endPart: oneDay && form.startPart === 'AFTERNOON' ? 'FULL' : form.endPart,
  };
}

const ONE_DAY_PARTS = [
  { id: 'FULL', name: 'Whole day' },
  { id: 'MORNING', name: 'Morning only' },
  { id: 'AFTERNOON', name: 'Afternoon only' },
];

/**
 * The half-day choices: for one day, the whole of it, its morning or its afternoon; for several,
 * whether the first starts at midday and whether the last ends at midday.
 */
function HalfDays({
  oneDay,
  parts,
  error,
  onChange,
}: {
  oneDay: boolean;
  parts: Parts;
  error: string | undefined;
  onChange: (parts: Parts) => void;
}) {
  if (oneDay) {
    const value = parts.startPart === 'AFTERNOON' ? 'AFTERNOON' : parts.endPart === 'MORNING' ? 'MORNING' : 'FULL';
    return (
      <Select
        label="Half day"
        items={ONE_DAY_PARTS}
        value={value}
        error={error}
        onChange={(id) =>
          onChange({
            startPart: id === 'AFTERNOON' ? 'AFTERNOON' : 'FULL',
            endPart: id === 'MORNING' ? 'MORNING' : 'FULL',
          })
        }
      />
    );
  }
  return (
    <fieldset className="leave-half-days">
      <legend>Half day</legend>
      <Checkbox
        isSelected={parts.startPart === 'AFTERNOON'}
        onChange={(on) => onChange({ ...parts, startPart: on ? 'AFTERNOON' : 'FULL' })}
      >
        Start in the afternoon
      </Checkbox>
      <Checkbox
        isSelected={parts.endPart === 'MORNING'}
        onChange={(on) => onChange({ ...parts, endPart: on ? 'MORNING' : 'FULL' })}
      >
        End at midday
      </Checkbox>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** What the rulebook says of a request's fields without the cache: what is missing, the order and length of the dates. */
function checkRequest(form: { startDate: string; endDate: string; type: LeaveType; notes: string } & Parts) {
  const parsed = parseWithRules(leaveCreateSchema, { ...form, ...partsOf(form), notes: form.notes || null });
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
    startPart: leave?.startPart ?? 'FULL',
    endPart: leave?.endPart ?? 'FULL',
  });
  // Until the end date is chosen by hand it follows the start date.
  const [endChosen, setEndChosen] = useState(Boolean(leave));
  const shown = useFieldErrors(form, checkRequest, [['startDate', 'endDate']], action.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal that one field's error already says (the floor's, say, which the preview says too)
  // is not said a third time at the foot of the form.
  const summary = shown.summary(action.error);
  const footerError = summary && Object.values(errors).includes(summary) ? null : summary;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { ...form, ...partsOf(form), notes: form.notes || null };
    const done = leave ? await update.run({ id: leave.id, changes: fields }) : await create.run(fields);
    if (!done) focusFirstError(formRef.current);
    if (done) {
      toast(
        queuedWords(
          leave
            ? { online: 'Request changed', offline: 'Change saved' }
            : { online: 'Request sent', offline: 'Request saved' },
        ),
      );
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
            // A day its month lacks stays in the start date, refused there, and is not copied on.
            setForm((f) => ({
              ...f,
              startDate,
              endDate: (endChosen && f.endDate) || impossibleDateWords(startDate) ? f.endDate : startDate,
            }))
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
        <HalfDays
          oneDay={Boolean(form.startDate) && form.startDate === form.endDate}
          parts={partsOf(form)}
          error={errors['startPart'] ?? errors['endPart']}
          onChange={(parts) => setForm((f) => ({ ...f, ...parts }))}
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
          className="wide"
          label="Notes"
          rows={3}
          maxChars={MAX_LEAVE_NOTES}
          value={form.notes}
          onChange={(notes) => setForm((f) => ({ ...f, notes }))}
          error={errors['notes']}
        />
        <Preview
          start={form.startDate}
          end={form.endDate}
          parts={partsOf(form)}
          type={form.type}
          {...(leave ? { exceptId: leave.id } : {})}
        />
        <FormFooter
          error={footerError}
          submitLabel={leave ? 'Save changes' : 'Submit request'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

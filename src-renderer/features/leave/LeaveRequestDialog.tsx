import { useRef, useState, type FormEvent } from 'react';
import { halfDayIssues, parseWithRules, rangeIssues, leaveCreateSchema } from '@shared/rules';
import { impossibleDate } from '@shared/calendar/dates';
import { MAX_LEAVE_NOTES, type EndPart, type Leave, type LeaveType, type StartPart } from '@shared/wire';
import { Checkbox, FormFooter, DatePicker, Dialog, Select, TextField, toast } from '@renderer/components/ui';
import { useAppAction } from '@renderer/state/useAppAction';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusFirstError } from '@renderer/state/focus';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { dayAndMonth } from './BalanceSheet';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { dateText } from '@renderer/i18n/dates';
import { SEPARATOR } from '@renderer/i18n/punctuation';
import { daysText, kindInSentence, LEAVE_LABELS, leaveTypeItems, span, WORKING_DAYS } from './leaveWords';

const MESSAGES = {
  notCounted: defineMessage<{ error: string }>({
    id: 'leave.preview.notCounted',
    defaultMessage: 'The working days could not be counted: {error}',
  }),
  counting: defineMessage({ id: 'leave.preview.counting', defaultMessage: 'Counting working days…' }),
  holidays: defineMessage<{ holidays: string }>({
    id: 'leave.preview.holidays',
    defaultMessage: 'not counted: {holidays}',
  }),
  holiday: defineMessage<{ name: string; date: string }>({
    id: 'leave.preview.holiday',
    defaultMessage: '{name} ({date})',
  }),
  after: defineMessage<{ days: string; leave: string; otherYear: 'yes' | 'no'; year: string }>({
    id: 'leave.preview.after',
    defaultMessage:
      'After this request: {days} of {leave} left{otherYear, select, yes { in the leave year {year}} other {}}',
  }),
  expiring: defineMessage<{ days: string; date: string }>({
    id: 'leave.preview.expiring',
    defaultMessage: '{days} carried over lapse after {date}, before these dates: take them earlier to keep them.',
  }),
  alsoAway: defineMessage<{ people: string }>({
    id: 'leave.preview.alsoAway',
    defaultMessage: 'Also away then: {people}',
  }),
  awayPerson: defineMessage<{ name: string; dates: string; pending: 'yes' | 'no' }>({
    id: 'leave.preview.awayPerson',
    defaultMessage: '{name} ({dates}{pending, select, yes {, pending} other {}})',
  }),
  busiest: defineMessage<{ count: number }>({
    id: 'leave.preview.busiest',
    defaultMessage: 'up to {count, number} of your team away on one day',
  }),
  halfDay: defineMessage({ id: 'leave.request.halfDay', defaultMessage: 'Half day' }),
  wholeDay: defineMessage({ id: 'leave.request.part.full', defaultMessage: 'Whole day' }),
  morning: defineMessage({ id: 'leave.request.part.morning', defaultMessage: 'Morning only' }),
  afternoon: defineMessage({ id: 'leave.request.part.afternoon', defaultMessage: 'Afternoon only' }),
  changed: defineMessage({ id: 'leave.request.changed', defaultMessage: 'Request changed' }),
  changeSaved: defineMessage({ id: 'leave.request.changeSaved', defaultMessage: 'Change saved' }),
  sent: defineMessage({ id: 'leave.request.sent', defaultMessage: 'Request sent' }),
  saved: defineMessage({ id: 'leave.request.saved', defaultMessage: 'Request saved' }),
  editTitle: defineMessage({ id: 'leave.request.editTitle', defaultMessage: 'Edit leave request' }),
  newTitle: defineMessage({ id: 'leave.request.newTitle', defaultMessage: 'New leave request' }),
  startDate: defineMessage({ id: 'leave.request.startDate', defaultMessage: 'Start date' }),
  endDate: defineMessage({ id: 'leave.request.endDate', defaultMessage: 'End date' }),
  saveChanges: defineMessage({ id: 'leave.request.saveChanges', defaultMessage: 'Save changes' }),
  submit: defineMessage({ id: 'leave.request.submit', defaultMessage: 'Submit request' }),
};

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
  const intl = useIntl();
  const ready =
    Boolean(start && end) &&
    !impossibleDate(start) &&
    !impossibleDate(end) &&
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
          ? intl.formatMessage(WORKING_DAYS, { count: days })
          : preview.error
            ? intl.formatMessage(MESSAGES.notCounted, { error: preview.error })
            : intl.formatMessage(MESSAGES.counting)}
        {holidays.length > 0 && SEPARATOR}
        {holidays.length > 0 &&
          intl.formatMessage(MESSAGES.holidays, {
            holidays: holidays
              .map((h) => intl.formatMessage(MESSAGES.holiday, { name: h.name, date: dateText(intl, h.date) }))
              .join(', '),
          })}
      </p>
      {preview.data?.overlap && <p className="leave-preview-problem">{preview.data.overlap}</p>}
      {preview.data?.blocked && <p className="leave-preview-problem">{preview.data.blocked}</p>}
      {balance && (
        <p className={balance.refusal ? 'leave-preview-problem' : undefined}>
          {balance.refusal ??
            intl.formatMessage(MESSAGES.after, {
              days: daysText(intl, balance.after),
              leave: kindInSentence(intl, type),
              otherYear: balance.year !== Number(start.slice(0, 4)) ? 'yes' : 'no',
              year: String(balance.year),
            })}
        </p>
      )}
      {balance?.expiring && (
        <p>
          {intl.formatMessage(MESSAGES.expiring, {
            days: daysText(intl, balance.expiring.days),
            date: dayAndMonth(intl, balance.expiring.until),
          })}
        </p>
      )}
      {away.length > 0 && (
        <p>
          {intl.formatMessage(MESSAGES.alsoAway, {
            people: away
              .map((a) =>
                intl.formatMessage(MESSAGES.awayPerson, {
                  name: a.name,
                  dates: span(intl, a),
                  pending: a.status === 'PENDING' ? 'yes' : 'no',
                }),
              )
              .join('; '),
          })}
          {busiest > 1 && SEPARATOR}
          {busiest > 1 && intl.formatMessage(MESSAGES.busiest, { count: busiest })}
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
  const intl = useIntl();
  if (oneDay) {
    const value = parts.startPart === 'AFTERNOON' ? 'AFTERNOON' : parts.endPart === 'MORNING' ? 'MORNING' : 'FULL';
    return (
      <Select
        label={intl.formatMessage(MESSAGES.halfDay)}
        items={[
          { id: 'FULL', name: intl.formatMessage(MESSAGES.wholeDay) },
          { id: 'MORNING', name: intl.formatMessage(MESSAGES.morning) },
          { id: 'AFTERNOON', name: intl.formatMessage(MESSAGES.afternoon) },
        ]}
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
      <legend>{intl.formatMessage(MESSAGES.halfDay)}</legend>
      <Checkbox
        isSelected={parts.startPart === 'AFTERNOON'}
        onChange={(on) => onChange({ ...parts, startPart: on ? 'AFTERNOON' : 'FULL' })}
      >
        <FormattedMessage id="leave.request.startAfternoon" defaultMessage="Start in the afternoon" />
      </Checkbox>
      <Checkbox
        isSelected={parts.endPart === 'MORNING'}
        onChange={(on) => onChange({ ...parts, endPart: on ? 'MORNING' : 'FULL' })}
      >
        <FormattedMessage id="leave.request.endMidday" defaultMessage="End at midday" />
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
  const intl = useIntl();
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
            ? { online: intl.formatMessage(MESSAGES.changed), offline: intl.formatMessage(MESSAGES.changeSaved) }
            : { online: intl.formatMessage(MESSAGES.sent), offline: intl.formatMessage(MESSAGES.saved) },
          intl,
        ),
      );
      onClose();
    }
  };
  return (
    <Dialog title={intl.formatMessage(leave ? MESSAGES.editTitle : MESSAGES.newTitle)} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <DatePicker
          label={intl.formatMessage(MESSAGES.startDate)}
          value={form.startDate}
          onChange={(startDate) =>
            // A day its month lacks stays in the start date, refused there, and is not copied on.
            setForm((f) => ({
              ...f,
              startDate,
              endDate: (endChosen && f.endDate) || impossibleDate(startDate) ? f.endDate : startDate,
            }))
          }
          isRequired
          error={errors['startDate']}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.endDate)}
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
          label={intl.formatMessage(LEAVE_LABELS.type)}
          items={leaveTypeItems(intl)}
          value={form.type}
          onChange={(type) => setForm((f) => ({ ...f, type: type as LeaveType }))}
          isRequired
          error={errors['type']}
        />
        <TextField
          className="wide"
          label={intl.formatMessage(LEAVE_LABELS.notes)}
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
          submitLabel={intl.formatMessage(leave ? MESSAGES.saveChanges : MESSAGES.submit)}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

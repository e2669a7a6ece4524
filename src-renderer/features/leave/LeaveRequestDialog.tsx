import { useState, type FormEvent } from 'react';
import { countWorkingDays } from '../../../src-shared/calendar/workingDays';
import { publicHolidaysBetween } from '../../../src-shared/calendar/publicHolidays';
import { rangeIssues } from '../../../src-shared/rules';
import type { LeaveType } from '../../../src-shared/wire';
import { FormFooter, DatePicker, Dialog, Select, TextField, toast } from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';
import { LEAVE_TYPES } from './leaveWords';

/** What the dates cost: working days, and the public holidays they skip. */
function Preview({ start, end, nationality }: { start: string; end: string; nationality: string }) {
  if (!start || !end || rangeIssues({ startDate: start, endDate: end }).length) return null;
  const days = countWorkingDays(start, end, nationality);
  const holidays = publicHolidaysBetween(nationality, start, end);
  return (
    <p className="preview wide" role="status">
      {days} working day{days === 1 ? '' : 's'}
      {holidays.length > 0 && ` · not counted: ${holidays.map((h) => `${h.name} (${h.date})`).join(', ')}`}
    </p>
  );
}

export function LeaveRequestDialog({ onClose }: { onClose: () => void }) {
  const me = useAppQuery('users.me', undefined);
  const create = useAppAction('leave.create');
  const [form, setForm] = useState({ startDate: '', endDate: '', type: 'ANNUAL' as LeaveType, notes: '' });
  const errors = create.fieldErrors;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await create.run({ ...form, notes: form.notes || null })) {
      toast('Request sent — it will sync');
      onClose();
    }
  };
  return (
    <Dialog title="New leave request" onClose={onClose}>
      <form className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <DatePicker
          label="Start date"
          value={form.startDate}
          onChange={(startDate) => setForm((f) => ({ ...f, startDate, endDate: f.endDate || startDate }))}
          isRequired
          error={errors['startDate']}
        />
        <DatePicker
          label="End date"
          value={form.endDate}
          onChange={(endDate) => setForm((f) => ({ ...f, endDate }))}
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
        {me.data && <Preview start={form.startDate} end={form.endDate} nationality={me.data.nationality} />}
        <FormFooter error={create.error} submitLabel="Submit request" pending={create.pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

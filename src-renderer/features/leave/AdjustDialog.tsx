import { useRef, useState, type FormEvent } from 'react';
import { allocationCreateSchema, daysWord, parseWithRules } from '@shared/rules';
import { MAX_ALLOCATION_REASON, type LeaveType } from '@shared/wire';
import {
  Dialog,
  FormFooter,
  NumberField,
  numberOf,
  Select,
  TextField,
  toast,
  type TypedNumber,
} from '@renderer/components/ui';
import { focusFirstError } from '@renderer/state/focus';
import { useAppAction } from '@renderer/state/useAppAction';
import { queuedWords } from '@renderer/state/queuedWords';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { typeName } from './leaveWords';

interface AdjustFields {
  type: LeaveType;
  year: string;
  days: TypedNumber;
  reason: string;
}

const bodyOf = (userId: string, f: AdjustFields) => ({
  userId,
  type: f.type,
  year: Number(f.year),
  days: typeof f.days === 'string' ? f.days : numberOf(f.days),
  reason: f.reason,
});

/** Days granted or taken away for one person, type and leave year, with why: offline too, sent once. */
export function AdjustDialog({
  userId,
  name,
  year,
  types,
  onClose,
}: {
  userId: string;
  name: string;
  year: number;
  /** The counted types. */
  types: LeaveType[];
  onClose: () => void;
}) {
  const adjust = useAppAction('leave.adjust');
  const [fields, setFields] = useState<AdjustFields>({
    type: types[0] ?? 'ANNUAL',
    year: String(year),
    days: NaN,
    reason: '',
  });
  const set =
    <K extends keyof AdjustFields>(key: K) =>
    (value: AdjustFields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));
  const check = (f: AdjustFields) => {
    const parsed = parseWithRules(allocationCreateSchema, bodyOf(userId, f));
    return parsed.ok ? [] : parsed.issues;
  };
  const shown = useFieldErrors(fields, check, [], adjust.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWithRules(allocationCreateSchema, bodyOf(userId, fields));
    if (!checked.ok) {
      shown.refused(checked.issues);
      focusFirstError(formRef.current);
      return;
    }
    const done = await adjust.run(checked.data);
    if (!done) {
      focusFirstError(formRef.current);
      return;
    }
    const what = `${daysWord(Math.abs(done.days))} of ${typeName(done.type).toLowerCase()} leave for ${name}`;
    toast(
      queuedWords({
        online: `${done.days > 0 ? 'Granted' : 'Deducted'} ${what}`,
        offline: `${done.days > 0 ? 'Grant' : 'Deduction'} of ${what} saved`,
      }),
    );
    onClose();
  };
  return (
    <Dialog title={`Adjust ${name}’s balance`} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <Select
          label="Type"
          items={types.map((t) => ({ id: t, name: typeName(t) }))}
          value={fields.type}
          onChange={(v) => set('type')(v as LeaveType)}
          isRequired
          error={errors['type']}
        />
        <Select
          label="Leave year"
          items={[year - 1, year, year + 1].map((y) => ({ id: String(y), name: String(y) }))}
          value={fields.year}
          onChange={set('year')}
          isRequired
          error={errors['year']}
        />
        <NumberField
          label="Days"
          description="Positive to grant, negative to deduct; whole or half days"
          value={fields.days}
          onChange={set('days')}
          step={0.5}
          isRequired
          error={errors['days']}
        />
        <TextField
          className="wide"
          label="Reason"
          description="The person sees it in their balance."
          rows={3}
          maxChars={MAX_ALLOCATION_REASON}
          value={fields.reason}
          onChange={set('reason')}
          isRequired
          error={errors['reason']}
        />
        <FormFooter
          error={shown.summary(adjust.error)}
          submitLabel="Save adjustment"
          pending={adjust.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

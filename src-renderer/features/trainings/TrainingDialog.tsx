import { useMemo, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_CURRENCY } from '@shared/records/money';
import { parseWithRules, trainingCreateSchema } from '@shared/rules';
import { type Training } from '@shared/wire';
import {
  FormFooter,
  DatePicker,
  Dialog,
  NumberField,
  numberOf,
  Select,
  TextField,
  toast,
  type TypedNumber,
} from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { PersonPicker } from '@renderer/features/people';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusFirstError } from '@renderer/state/focus';
import { useFieldErrors } from '@renderer/state/useFieldErrors';

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

interface TrainingFields {
  /** Whose it is ('' for one's own); chosen only when it is made. */
  userId: string;
  name: string;
  typeId: string;
  categoryId: string;
  providerId: string;
  startDate: string;
  endDate: string;
  expiryDate: string;
  hours: TypedNumber;
  cost: TypedNumber;
  notes: string;
}

/** The body as typed: numbers that are not numbers stay text, for the rulebook to refuse in words. */
const bodyOf = (f: TrainingFields) => ({
  ...(f.userId ? { userId: f.userId } : {}),
  name: f.name,
  typeId: f.typeId,
  categoryId: f.categoryId,
  providerId: f.providerId || null,
  startDate: f.startDate,
  endDate: f.endDate || null,
  expiryDate: f.expiryDate || null,
  hours: typeof f.hours === 'string' ? f.hours : numberOf(f.hours),
  cost: typeof f.cost === 'string' ? f.cost : numberOf(f.cost),
  notes: f.notes || null,
});

const checkTraining = (f: TrainingFields) => {
  const parsed = parseWithRules(trainingCreateSchema, bodyOf(f));
  return parsed.ok ? [] : parsed.issues;
};

/**
 * Whose training a new one is: oneself, a direct report for a manager, anyone for an admin (the
 * people the cache holds). Nothing to choose for an employee.
 */
function PersonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const me = useAppStore((s) => s.account);
  const admin = !!me?.roles.includes('ADMIN');
  const manager = !!me?.roles.includes('MANAGER');
  // Stable while the dialog is open: a new list each render is a list read again.
  const leading = useMemo(() => (me ? [{ id: 'me', name: `Me (${me.name})` }] : []), [me]);
  if (!me || (!admin && !manager)) return null;
  return (
    <PersonPicker
      className="wide"
      label="Person"
      description={admin ? 'Anyone in the organization' : 'You or someone who reports to you'}
      leading={leading}
      {...(admin ? {} : { managerId: me.userId })}
      except={me.userId}
      value={value || 'me'}
      onChange={(id) => onChange(id === 'me' ? '' : id)}
      error={error}
    />
  );
}

/** Create or edit a training; what the user typed stays in the form if the backend refuses it. */
export function TrainingDialog({ training, onClose }: { training: Training | null; onClose: () => void }) {
  const refs = useAppQuery('trainings.references', undefined);
  const currency = useAppQuery('organization.get', undefined).data?.currency ?? DEFAULT_CURRENCY;
  const create = useAppAction('trainings.create');
  const update = useAppAction('trainings.update');
  const action = training ? update : create;
  const [fields, setFields] = useState<TrainingFields>({
    userId: '',
    name: training?.name ?? '',
    typeId: training?.typeId ?? '',
    categoryId: training?.categoryId ?? '',
    providerId: training?.providerId ?? '',
    startDate: day(training?.startDate),
    endDate: day(training?.endDate),
    expiryDate: day(training?.expiryDate),
    hours: training?.hours ?? NaN,
    cost: training?.cost ?? NaN,
    notes: training?.notes ?? '',
  });
  const set =
    <K extends keyof TrainingFields>(name: K) =>
    (value: TrainingFields[K]) =>
      setFields((f) => ({ ...f, [name]: value }));
  const shown = useFieldErrors(fields, checkTraining, [['startDate', 'endDate', 'expiryDate']], action.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the rulebook can tell here is refused before anything is queued, beside its field.
    const checked = parseWithRules(trainingCreateSchema, bodyOf(fields));
    if (!checked.ok) {
      shown.refused(checked.issues);
      focusFirstError(formRef.current);
      return;
    }
    const { userId: _whose, ...changes } = checked.data;
    const done = training ? await update.run({ id: training.id, changes }) : await create.run(checked.data);
    if (!done) focusFirstError(formRef.current);
    if (done) {
      toast(
        queuedWords(training ? { online: 'Training saved' } : { online: 'Training added', offline: 'Training saved' }),
      );
      onClose();
    }
  };

  return (
    <Dialog title={training ? 'Edit training' : 'New training'} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="hint wide">Fields marked * are required.</p>
        {!training && <PersonField value={fields.userId} onChange={set('userId')} error={errors['userId']} />}
        <TextField
          className="wide"
          label="Name"
          value={fields.name}
          onChange={set('name')}
          isRequired
          error={errors['name']}
        />
        <Select
          label="Type"
          items={refs.data?.types ?? []}
          value={fields.typeId}
          onChange={set('typeId')}
          isRequired
          error={errors['typeId']}
        />
        <Select
          label="Category"
          items={refs.data?.categories ?? []}
          value={fields.categoryId}
          onChange={set('categoryId')}
          isRequired
          error={errors['categoryId']}
        />
        <Select
          label="Provider"
          items={[{ id: 'none', name: 'None' }, ...(refs.data?.providers ?? [])]}
          value={fields.providerId || 'none'}
          onChange={(v) => set('providerId')(v === 'none' ? '' : v)}
          error={errors['providerId']}
        />
        <DatePicker
          label="Start date"
          value={fields.startDate}
          onChange={set('startDate')}
          isRequired
          error={errors['startDate']}
        />
        <DatePicker label="End date" value={fields.endDate} onChange={set('endDate')} error={errors['endDate']} />
        <DatePicker
          label="Expiry date"
          value={fields.expiryDate}
          onChange={set('expiryDate')}
          error={errors['expiryDate']}
        />
        <NumberField label="Hours" step={0.5} value={fields.hours} onChange={set('hours')} error={errors['hours']} />
        <NumberField
          label="Cost"
          description={`In ${currency}`}
          value={fields.cost}
          onChange={set('cost')}
          error={errors['cost']}
        />
        <TextField
          className="wide"
          label="Notes"
          rows={3}
          value={fields.notes}
          onChange={set('notes')}
          error={errors['notes']}
        />
        <FormFooter
          error={shown.summary(action.error)}
          submitLabel={training ? 'Save changes' : 'Add training'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

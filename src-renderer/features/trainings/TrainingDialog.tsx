import { useState, type FormEvent } from 'react';
import type { Training } from '../../../src-shared/wire';
import { FormFooter, DatePicker, Dialog, NumberField, Select, TextField, toast } from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const numberOrNull = (v: number) => (Number.isNaN(v) ? null : v);

/** Create or edit a training; what the user typed stays in the form if the backend refuses it. */
export function TrainingDialog({ training, onClose }: { training: Training | null; onClose: () => void }) {
  const refs = useAppQuery('trainings.references', undefined);
  const create = useAppAction('trainings.create');
  const update = useAppAction('trainings.update');
  const action = training ? update : create;
  const [fields, setFields] = useState({
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
    <K extends keyof typeof fields>(name: K) =>
    (value: (typeof fields)[K]) =>
      setFields((f) => ({ ...f, [name]: value }));
  const errors = action.fieldErrors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: fields.name,
      typeId: fields.typeId,
      categoryId: fields.categoryId,
      providerId: fields.providerId || null,
      startDate: fields.startDate,
      endDate: fields.endDate || null,
      expiryDate: fields.expiryDate || null,
      hours: numberOrNull(fields.hours),
      cost: numberOrNull(fields.cost),
      notes: fields.notes || null,
    };
    const done = training ? await update.run({ id: training.id, changes: body }) : await create.run(body);
    if (done) {
      toast(training ? 'Training saved — it will sync' : 'Training added — it will sync');
      onClose();
    }
  };

  return (
    <Dialog title={training ? 'Edit training' : 'New training'} onClose={onClose}>
      <form className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="hint wide">Fields marked * are required.</p>
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
        <NumberField
          label="Hours"
          minValue={0}
          step={0.5}
          value={fields.hours}
          onChange={set('hours')}
          error={errors['hours']}
        />
        <NumberField label="Cost" minValue={0} value={fields.cost} onChange={set('cost')} error={errors['cost']} />
        <TextField
          className="wide"
          label="Notes"
          rows={3}
          value={fields.notes}
          onChange={set('notes')}
          error={errors['notes']}
        />
        <FormFooter
          error={action.error}
          submitLabel={training ? 'Save changes' : 'Add training'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import type { Training } from '../../src-shared/wire';
import { messageOf } from '../bridge/bridge';
import { Dialog } from '../components/Dialog';
import { useAppQuery, useBridge } from '../state/bridgeContext';

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** Create or edit a training; what the user typed stays in the form if the backend refuses it. */
export function TrainingDialog({ training, onClose }: { training: Training | null; onClose: () => void }) {
  const bridge = useBridge();
  const refs = useAppQuery('trainings.references', undefined, ['references']);
  const [fields, setFields] = useState({
    name: training?.name ?? '',
    typeId: training?.typeId ?? '',
    categoryId: training?.categoryId ?? '',
    providerId: training?.providerId ?? '',
    startDate: day(training?.startDate),
    endDate: day(training?.endDate),
    expiryDate: day(training?.expiryDate),
    hours: training?.hours?.toString() ?? '',
    cost: training?.cost?.toString() ?? '',
    notes: training?.notes ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
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
    try {
      if (training) await bridge.call('trainings.update', { id: training.id, changes: body });
      else await bridge.call('trainings.create', body);
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const options = (items: { id: string; name: string }[] | undefined) =>
    items?.map((r) => (
      <option key={r.id} value={r.id}>
        {r.name}
      </option>
    ));

  return (
    <Dialog title={training ? 'Edit training' : 'New training'} onClose={onClose}>
      <form className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="wide">
          Name
          <input value={fields.name} onChange={set('name')} required />
        </label>
        <label>
          Type
          <select value={fields.typeId} onChange={set('typeId')} required>
            <option value="">Choose…</option>
            {options(refs.data?.types)}
          </select>
        </label>
        <label>
          Category
          <select value={fields.categoryId} onChange={set('categoryId')} required>
            <option value="">Choose…</option>
            {options(refs.data?.categories)}
          </select>
        </label>
        <label>
          Provider
          <select value={fields.providerId} onChange={set('providerId')}>
            <option value="">None</option>
            {options(refs.data?.providers)}
          </select>
        </label>
        <label>
          Start date
          <input type="date" value={fields.startDate} onChange={set('startDate')} required />
        </label>
        <label>
          End date
          <input type="date" value={fields.endDate} onChange={set('endDate')} />
        </label>
        <label>
          Expiry date
          <input type="date" value={fields.expiryDate} onChange={set('expiryDate')} />
        </label>
        <label>
          Hours
          <input type="number" min="0" step="0.5" value={fields.hours} onChange={set('hours')} />
        </label>
        <label>
          Cost
          <input type="number" min="0" step="0.01" value={fields.cost} onChange={set('cost')} />
        </label>
        <label className="wide">
          Notes
          <textarea value={fields.notes} onChange={set('notes')} rows={3} />
        </label>
        {error && (
          <p className="form-error wide" role="alert">
            {error}
          </p>
        )}
        <div className="actions wide">
          <button type="submit" className="primary">
            {training ? 'Save changes' : 'Add training'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

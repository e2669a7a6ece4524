import { useMemo, useRef, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
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

const MESSAGES = defineMessages({
  person: { id: 'trainings.dialog.person', defaultMessage: 'Person' },
  anyone: { id: 'trainings.dialog.person.admin', defaultMessage: 'Anyone in the organization' },
  team: { id: 'trainings.dialog.person.manager', defaultMessage: 'You or someone who reports to you' },
  saved: { id: 'trainings.dialog.saved', defaultMessage: 'Training saved' },
  added: { id: 'trainings.dialog.added', defaultMessage: 'Training added' },
  edit: { id: 'trainings.dialog.title.edit', defaultMessage: 'Edit training' },
  new: { id: 'trainings.dialog.title.new', defaultMessage: 'New training' },
  name: { id: 'trainings.dialog.name', defaultMessage: 'Name' },
  type: { id: 'trainings.dialog.type', defaultMessage: 'Type' },
  category: { id: 'trainings.dialog.category', defaultMessage: 'Category' },
  provider: { id: 'trainings.dialog.provider', defaultMessage: 'Provider' },
  none: { id: 'trainings.dialog.provider.none', defaultMessage: 'None' },
  startDate: { id: 'trainings.dialog.startDate', defaultMessage: 'Start date' },
  endDate: { id: 'trainings.dialog.endDate', defaultMessage: 'End date' },
  expiryDate: { id: 'trainings.dialog.expiryDate', defaultMessage: 'Expiry date' },
  hours: { id: 'trainings.dialog.hours', defaultMessage: 'Hours' },
  cost: { id: 'trainings.dialog.cost', defaultMessage: 'Cost' },
  notes: { id: 'trainings.dialog.notes', defaultMessage: 'Notes' },
  saveChanges: { id: 'trainings.dialog.submit.edit', defaultMessage: 'Save changes' },
  add: { id: 'trainings.dialog.submit.new', defaultMessage: 'Add training' },
});
const ME = defineMessage<{ name: string }>({ id: 'trainings.dialog.person.me', defaultMessage: 'Me ({name})' });
const IN_CURRENCY = defineMessage<{ currency: string }>({
  id: 'trainings.dialog.cost.description',
  defaultMessage: 'In {currency}',
});

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
  const intl = useIntl();
  const me = useAppStore((s) => s.account);
  const admin = !!me?.roles.includes('ADMIN');
  const manager = !!me?.roles.includes('MANAGER');
  // Stable while the dialog is open: a new list each render is a list read again.
  const leading = useMemo(
    () => (me ? [{ id: 'me', name: intl.formatMessage(ME, { name: me.name }) }] : []),
    [me, intl],
  );
  if (!me || (!admin && !manager)) return null;
  return (
    <PersonPicker
      className="wide"
      label={intl.formatMessage(MESSAGES.person)}
      description={intl.formatMessage(admin ? MESSAGES.anyone : MESSAGES.team)}
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
  const intl = useIntl();
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
        queuedWords(
          training
            ? { online: intl.formatMessage(MESSAGES.saved) }
            : { online: intl.formatMessage(MESSAGES.added), offline: intl.formatMessage(MESSAGES.saved) },
          intl,
        ),
      );
      onClose();
    }
  };

  return (
    <Dialog title={intl.formatMessage(training ? MESSAGES.edit : MESSAGES.new)} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="hint wide">
          <FormattedMessage id="trainings.dialog.required" defaultMessage="Fields marked * are required." />
        </p>
        {!training && <PersonField value={fields.userId} onChange={set('userId')} error={errors['userId']} />}
        <TextField
          className="wide"
          label={intl.formatMessage(MESSAGES.name)}
          value={fields.name}
          onChange={set('name')}
          isRequired
          error={errors['name']}
        />
        <Select
          label={intl.formatMessage(MESSAGES.type)}
          items={refs.data?.types ?? []}
          value={fields.typeId}
          onChange={set('typeId')}
          isRequired
          error={errors['typeId']}
        />
        <Select
          label={intl.formatMessage(MESSAGES.category)}
          items={refs.data?.categories ?? []}
          value={fields.categoryId}
          onChange={set('categoryId')}
          isRequired
          error={errors['categoryId']}
        />
        <Select
          label={intl.formatMessage(MESSAGES.provider)}
          items={[{ id: 'none', name: intl.formatMessage(MESSAGES.none) }, ...(refs.data?.providers ?? [])]}
          value={fields.providerId || 'none'}
          onChange={(v) => set('providerId')(v === 'none' ? '' : v)}
          error={errors['providerId']}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.startDate)}
          value={fields.startDate}
          onChange={set('startDate')}
          isRequired
          error={errors['startDate']}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.endDate)}
          value={fields.endDate}
          onChange={set('endDate')}
          error={errors['endDate']}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.expiryDate)}
          value={fields.expiryDate}
          onChange={set('expiryDate')}
          error={errors['expiryDate']}
        />
        <NumberField
          label={intl.formatMessage(MESSAGES.hours)}
          step={0.5}
          value={fields.hours}
          onChange={set('hours')}
          error={errors['hours']}
        />
        <NumberField
          label={intl.formatMessage(MESSAGES.cost)}
          description={intl.formatMessage(IN_CURRENCY, { currency })}
          value={fields.cost}
          onChange={set('cost')}
          error={errors['cost']}
        />
        <TextField
          className="wide"
          label={intl.formatMessage(MESSAGES.notes)}
          rows={3}
          value={fields.notes}
          onChange={set('notes')}
          error={errors['notes']}
        />
        <FormFooter
          error={shown.summary(action.error)}
          submitLabel={intl.formatMessage(training ? MESSAGES.saveChanges : MESSAGES.add)}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

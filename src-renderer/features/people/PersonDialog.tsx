import { useState } from 'react';
import type { Role, User } from '@shared/wire';
import {
  CheckboxGroup,
  ComboBox,
  DatePicker,
  Dialog,
  FormFooter,
  Select,
  TextField,
  toast,
} from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { countryChoices } from './countries';
import { PersonPicker } from './PersonPicker';
import { fullNameOf, ROLE_NAMES } from './personWords';

const NONE = 'none';
const NO_MANAGER = [{ id: NONE, name: 'No manager' }];
const ROLE_OPTIONS = (Object.keys(ROLE_NAMES) as Role[]).map((r) => ({ value: r, label: ROLE_NAMES[r] }));

/**
 * "Add person" (invited: they choose their password with the link the sync brings) or a person's
 * details changed. Queued like every change: it works offline and is checked here first.
 */
export function PersonDialog({ person, onClose }: { person: User | null; onClose: () => void }) {
  const [form, setForm] = useState({
    email: person?.email ?? '',
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    departmentId: person?.departmentId ?? NONE,
    managerId: person?.managerId ?? NONE,
    nationality: person?.nationality ?? '',
    roles: person?.roles ?? (['USER'] as Role[]),
    startDate: person?.startDate ?? '',
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const departments = useAppQuery('departments.list', undefined).data ?? [];
  const create = useAppAction('users.create');
  const update = useAppAction('users.update');
  const action = person ? update : create;
  const errors = action.fieldErrors;
  const fields = {
    firstName: form.firstName,
    lastName: form.lastName,
    departmentId: form.departmentId === NONE ? null : form.departmentId,
    managerId: form.managerId === NONE ? null : form.managerId,
    nationality: form.nationality,
    roles: form.roles,
    startDate: form.startDate || null,
  };
  const save = async () => {
    const saved = person
      ? await update.run({ id: person.id, changes: fields })
      : await create.run({ ...fields, email: form.email });
    if (!saved) return;
    toast(
      queuedWords(
        person
          ? { online: `Saved: ${fullNameOf(saved)}`, offline: `Changes to ${fullNameOf(saved)} saved` }
          : { online: `Invited: ${fullNameOf(saved)}`, offline: `Invitation of ${fullNameOf(saved)} saved` },
      ),
    );
    onClose();
  };
  return (
    <Dialog title={person ? `Edit ${fullNameOf(person)}` : 'Add person'} onClose={onClose} size="medium">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {!person && (
          <TextField
            label="Email"
            type="email"
            isRequired
            value={form.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
            description="The invitation goes to this address"
          />
        )}
        <TextField
          label="First name"
          isRequired
          value={form.firstName}
          onChange={(v) => set('firstName', v)}
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          isRequired
          value={form.lastName}
          onChange={(v) => set('lastName', v)}
          error={errors.lastName}
        />
        <Select
          label="Department"
          items={[{ id: NONE, name: 'No department' }, ...departments]}
          value={form.departmentId}
          onChange={(v) => set('departmentId', v)}
          error={errors.departmentId}
        />
        <PersonPicker
          label="Manager"
          leading={NO_MANAGER}
          except={person?.id}
          value={form.managerId}
          onChange={(v) => set('managerId', v || NONE)}
          error={errors.managerId}
        />
        <ComboBox
          label="Nationality"
          isRequired
          items={countryChoices()}
          value={form.nationality}
          onChange={(v) => set('nationality', v)}
          error={errors.nationality}
          description="Their public holidays follow it"
        />
        <DatePicker
          label="Start date"
          value={form.startDate}
          onChange={(v) => set('startDate', v)}
          error={errors.startDate}
          description="Their first year's allowance is pro rata from it"
        />
        <CheckboxGroup
          label="Roles"
          options={ROLE_OPTIONS}
          value={form.roles}
          onChange={(v) => set('roles', v as Role[])}
        />
        {errors.roles && <p className="field-error wide">{errors.roles}</p>}
        <FormFooter
          error={action.error}
          submitLabel={person ? 'Save' : 'Invite'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

import { useMemo, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
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
import { fullNameOf, ROLE_NAME, ROLES } from './personWords';

const NONE = 'none';

const MESSAGES = {
  noManager: defineMessage({ id: 'people.person.noManager', defaultMessage: 'No manager' }),
  saved: defineMessage<{ name: string }>({ id: 'people.person.saved', defaultMessage: 'Saved: {name}' }),
  savedOffline: defineMessage<{ name: string }>({
    id: 'people.person.savedOffline',
    defaultMessage: 'Changes to {name} saved',
  }),
  invited: defineMessage<{ name: string }>({ id: 'people.person.invited', defaultMessage: 'Invited: {name}' }),
  invitedOffline: defineMessage<{ name: string }>({
    id: 'people.person.invitedOffline',
    defaultMessage: 'Invitation of {name} saved',
  }),
  edit: defineMessage<{ name: string }>({ id: 'people.person.editTitle', defaultMessage: 'Edit {name}' }),
  add: defineMessage({ id: 'people.person.addTitle', defaultMessage: 'Add person' }),
  email: defineMessage({ id: 'people.person.email', defaultMessage: 'Email' }),
  emailHint: defineMessage({ id: 'people.person.emailHint', defaultMessage: 'The invitation goes to this address' }),
  firstName: defineMessage({ id: 'people.person.firstName', defaultMessage: 'First name' }),
  lastName: defineMessage({ id: 'people.person.lastName', defaultMessage: 'Last name' }),
  department: defineMessage({ id: 'people.person.department', defaultMessage: 'Department' }),
  noDepartment: defineMessage({ id: 'people.person.noDepartment', defaultMessage: 'No department' }),
  manager: defineMessage({ id: 'people.person.manager', defaultMessage: 'Manager' }),
  nationality: defineMessage({ id: 'people.person.nationality', defaultMessage: 'Nationality' }),
  nationalityHint: defineMessage({
    id: 'people.person.nationalityHint',
    defaultMessage: 'Their public holidays follow it',
  }),
  startDate: defineMessage({ id: 'people.person.startDate', defaultMessage: 'Start date' }),
  startDateHint: defineMessage({
    id: 'people.person.startDateHint',
    defaultMessage: "Their first year's allowance is pro rata from it",
  }),
  roles: defineMessage({ id: 'people.person.roles', defaultMessage: 'Roles' }),
  save: defineMessage({ id: 'people.person.save', defaultMessage: 'Save' }),
  invite: defineMessage({ id: 'people.person.invite', defaultMessage: 'Invite' }),
};

/**
 * "Add person" (invited: they choose their password with the link the sync brings) or a person's
 * details changed. Queued like every change: it works offline and is checked here first.
 */
export function PersonDialog({ person, onClose }: { person: User | null; onClose: () => void }) {
  const intl = useIntl();
  const noManager = useMemo(() => [{ id: NONE, name: intl.formatMessage(MESSAGES.noManager) }], [intl]);
  const roleOptions = ROLES.map((role) => ({ value: role, label: intl.formatMessage(ROLE_NAME, { role }) }));
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
    const name = fullNameOf(saved);
    toast(
      queuedWords(
        person
          ? {
              online: intl.formatMessage(MESSAGES.saved, { name }),
              offline: intl.formatMessage(MESSAGES.savedOffline, { name }),
            }
          : {
              online: intl.formatMessage(MESSAGES.invited, { name }),
              offline: intl.formatMessage(MESSAGES.invitedOffline, { name }),
            },
        intl,
      ),
    );
    onClose();
  };
  return (
    <Dialog
      title={
        person ? intl.formatMessage(MESSAGES.edit, { name: fullNameOf(person) }) : intl.formatMessage(MESSAGES.add)
      }
      onClose={onClose}
      size="medium"
    >
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
            label={intl.formatMessage(MESSAGES.email)}
            type="email"
            isRequired
            value={form.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
            description={intl.formatMessage(MESSAGES.emailHint)}
          />
        )}
        <TextField
          label={intl.formatMessage(MESSAGES.firstName)}
          isRequired
          value={form.firstName}
          onChange={(v) => set('firstName', v)}
          error={errors.firstName}
        />
        <TextField
          label={intl.formatMessage(MESSAGES.lastName)}
          isRequired
          value={form.lastName}
          onChange={(v) => set('lastName', v)}
          error={errors.lastName}
        />
        <Select
          label={intl.formatMessage(MESSAGES.department)}
          items={[{ id: NONE, name: intl.formatMessage(MESSAGES.noDepartment) }, ...departments]}
          value={form.departmentId}
          onChange={(v) => set('departmentId', v)}
          error={errors.departmentId}
        />
        <PersonPicker
          label={intl.formatMessage(MESSAGES.manager)}
          leading={noManager}
          except={person?.id}
          value={form.managerId}
          onChange={(v) => set('managerId', v || NONE)}
          error={errors.managerId}
        />
        <ComboBox
          label={intl.formatMessage(MESSAGES.nationality)}
          isRequired
          items={countryChoices()}
          value={form.nationality}
          onChange={(v) => set('nationality', v)}
          error={errors.nationality}
          description={intl.formatMessage(MESSAGES.nationalityHint)}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.startDate)}
          value={form.startDate}
          onChange={(v) => set('startDate', v)}
          error={errors.startDate}
          description={intl.formatMessage(MESSAGES.startDateHint)}
        />
        <CheckboxGroup
          label={intl.formatMessage(MESSAGES.roles)}
          options={roleOptions}
          value={form.roles}
          onChange={(v) => set('roles', v as Role[])}
        />
        {errors.roles && <p className="field-error wide">{errors.roles}</p>}
        <FormFooter
          error={action.error}
          submitLabel={intl.formatMessage(person ? MESSAGES.save : MESSAGES.invite)}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

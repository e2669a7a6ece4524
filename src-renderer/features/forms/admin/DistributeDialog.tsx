import { useState } from 'react';
import type { User } from '@shared/wire';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  FormFooter,
  RadioGroup,
  TextField,
  toast,
} from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';

type Audience = 'all' | 'departments' | 'people';

/** Sending a published form to everyone, to departments, or to people found by name; how many it reaches. */
export function DistributeDialog({ formId, title, onClose }: { formId: string; title: string; onClose: () => void }) {
  const distribute = useAppAction('forms.distribute');
  const online = useAppStore((s) => s.sync?.online ?? false);
  const [audience, setAudience] = useState<Audience>('departments');
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [people, setPeople] = useState<User[]>([]);
  const [search, setSearch] = useState('');
  const departments = useAppQuery('departments.list', undefined);
  const found = useAppQuery('users.list', { search, pageSize: 8 });
  const target =
    audience === 'all'
      ? { all: true }
      : audience === 'departments'
        ? { departmentIds }
        : { userIds: people.map((p) => p.id) };
  const reach = useAppQuery('users.count', target);
  const empty = audience === 'departments' ? departmentIds.length === 0 : audience === 'people' && people.length === 0;

  const send = async () => {
    const done = await distribute.run({ id: formId, ...target });
    if (done === undefined) return;
    const n = reach.data ?? 0;
    toast(
      `“${title}” ${online ? 'sent' : 'will be sent when you are online'} to ${n} ${n === 1 ? 'person' : 'people'}`,
    );
    onClose();
  };
  return (
    <Dialog title="Distribute" onClose={onClose}>
      <form
        className="forms-distribute-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) void send();
        }}
      >
        <RadioGroup
          label="Send to"
          value={audience}
          onChange={(v) => setAudience(v as Audience)}
          options={[
            { value: 'all', label: 'Everyone' },
            { value: 'departments', label: 'Departments' },
            { value: 'people', label: 'People' },
          ]}
          orientation="horizontal"
        />
        {audience === 'departments' && (
          <CheckboxGroup
            label="Departments"
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            value={departmentIds}
            onChange={setDepartmentIds}
          />
        )}
        {audience === 'people' && (
          <div className="people-picker">
            <TextField label="Find people" value={search} onChange={setSearch} placeholder="Name or email" />
            <ul aria-label="People found" className="forms-found-people">
              {(found.data?.data ?? []).map((u) => (
                <li key={u.id}>
                  <Checkbox
                    isSelected={people.some((p) => p.id === u.id)}
                    onChange={(on) => setPeople((ps) => (on ? [...ps, u] : ps.filter((p) => p.id !== u.id)))}
                  >
                    {u.firstName} {u.lastName} <span className="hint">{u.email}</span>
                  </Checkbox>
                </li>
              ))}
            </ul>
            {people.length > 0 && (
              <ul aria-label="Chosen" className="forms-chosen-people">
                {people.map((p) => (
                  <li key={p.id}>
                    {p.firstName} {p.lastName}
                    <Button
                      variant="quiet"
                      aria-label={`Remove ${p.firstName} ${p.lastName}`}
                      onPress={() => setPeople((ps) => ps.filter((x) => x.id !== p.id))}
                    >
                      ×
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p className="forms-reach" role="status">
          {empty
            ? audience === 'departments'
              ? 'Choose one or more departments.'
              : 'Find and choose the people to send it to.'
            : `${reach.data ?? '…'} ${reach.data === 1 ? 'person' : 'people'} will receive it${
                online ? '' : ' once you are online'
              }. Those who already have it are not sent it twice.`}
        </p>
        <FormFooter error={distribute.error} submitLabel="Distribute" pending={distribute.pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

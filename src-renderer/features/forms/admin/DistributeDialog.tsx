import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
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
import { REMOVE } from '../marks';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';

type Audience = 'all' | 'departments' | 'people';

const MESSAGES = {
  sent: defineMessage<{ title: string; count: number }>({
    id: 'forms.distribute.sent',
    defaultMessage: '“{title}” sent to {count, plural, one {# person} other {# people}}',
  }),
  willBeSent: defineMessage<{ title: string; count: number }>({
    id: 'forms.distribute.willBeSent',
    defaultMessage: '“{title}” will be sent when you are online to {count, plural, one {# person} other {# people}}',
  }),
  title: defineMessage({ id: 'forms.distribute.title', defaultMessage: 'Distribute' }),
  sendTo: defineMessage({ id: 'forms.distribute.sendTo', defaultMessage: 'Send to' }),
  everyone: defineMessage({ id: 'forms.distribute.everyone', defaultMessage: 'Everyone' }),
  departments: defineMessage({ id: 'forms.distribute.departments', defaultMessage: 'Departments' }),
  people: defineMessage({ id: 'forms.distribute.people', defaultMessage: 'People' }),
  findPeople: defineMessage({ id: 'forms.distribute.findPeople', defaultMessage: 'Find people' }),
  findPlaceholder: defineMessage({ id: 'forms.distribute.findPeople.placeholder', defaultMessage: 'Name or email' }),
  found: defineMessage({ id: 'forms.distribute.found', defaultMessage: 'People found' }),
  chosen: defineMessage({ id: 'forms.distribute.chosen', defaultMessage: 'Chosen' }),
  remove: defineMessage<{ name: string }>({ id: 'forms.distribute.remove', defaultMessage: 'Remove {name}' }),
  submit: defineMessage({ id: 'forms.distribute.submit', defaultMessage: 'Distribute' }),
};

/** Sending a published form to everyone, to departments, or to people found by name; how many it reaches. */
export function DistributeDialog({ formId, title, onClose }: { formId: string; title: string; onClose: () => void }) {
  const intl = useIntl();
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
    toast(intl.formatMessage(online ? MESSAGES.sent : MESSAGES.willBeSent, { title, count: n }));
    onClose();
  };
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose}>
      <form
        className="forms-distribute-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) void send();
        }}
      >
        <RadioGroup
          label={intl.formatMessage(MESSAGES.sendTo)}
          value={audience}
          onChange={(v) => setAudience(v as Audience)}
          options={[
            { value: 'all', label: intl.formatMessage(MESSAGES.everyone) },
            { value: 'departments', label: intl.formatMessage(MESSAGES.departments) },
            { value: 'people', label: intl.formatMessage(MESSAGES.people) },
          ]}
          orientation="horizontal"
        />
        {audience === 'departments' && (
          <CheckboxGroup
            label={intl.formatMessage(MESSAGES.departments)}
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            value={departmentIds}
            onChange={setDepartmentIds}
          />
        )}
        {audience === 'people' && (
          <div className="people-picker">
            <TextField
              label={intl.formatMessage(MESSAGES.findPeople)}
              value={search}
              onChange={setSearch}
              placeholder={intl.formatMessage(MESSAGES.findPlaceholder)}
            />
            <ul aria-label={intl.formatMessage(MESSAGES.found)} className="forms-found-people">
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
              <ul aria-label={intl.formatMessage(MESSAGES.chosen)} className="forms-chosen-people">
                {people.map((p) => (
                  <li key={p.id}>
                    {p.firstName} {p.lastName}
                    <Button
                      variant="quiet"
                      aria-label={intl.formatMessage(MESSAGES.remove, { name: `${p.firstName} ${p.lastName}` })}
                      onPress={() => setPeople((ps) => ps.filter((x) => x.id !== p.id))}
                    >
                      {REMOVE}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p className="forms-reach" role="status">
          {empty ? (
            audience === 'departments' ? (
              <FormattedMessage
                id="forms.distribute.chooseDepartments"
                defaultMessage="Choose one or more departments."
              />
            ) : (
              <FormattedMessage
                id="forms.distribute.choosePeople"
                defaultMessage="Find and choose the people to send it to."
              />
            )
          ) : reach.data === undefined ? (
            online ? (
              <FormattedMessage
                id="forms.distribute.reach.counting"
                defaultMessage="… people will receive it. Those who already have it are not sent it twice."
              />
            ) : (
              <FormattedMessage
                id="forms.distribute.reach.counting.offline"
                defaultMessage="… people will receive it once you are online. Those who already have it are not sent it twice."
              />
            )
          ) : online ? (
            <FormattedMessage
              id="forms.distribute.reach"
              defaultMessage="{count, plural, one {# person} other {# people}} will receive it. Those who already have it are not sent it twice."
              values={{ count: reach.data }}
            />
          ) : (
            <FormattedMessage
              id="forms.distribute.reach.offline"
              defaultMessage="{count, plural, one {# person} other {# people}} will receive it once you are online. Those who already have it are not sent it twice."
              values={{ count: reach.data }}
            />
          )}
        </p>
        <FormFooter
          error={distribute.error}
          submitLabel={intl.formatMessage(MESSAGES.submit)}
          pending={distribute.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

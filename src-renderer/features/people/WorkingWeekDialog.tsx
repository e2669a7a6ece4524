import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { WEEKDAY_NAMES, weekWords } from '@shared/rules';
import type { DayPart, PersonWeek, User } from '@shared/wire';
import { Checkbox, Dialog, FormFooter, Select, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { fullNameOf } from './personWords';

const PARTS = ['NONE', 'FULL', 'MORNING', 'AFTERNOON'] as const;

const MESSAGES = {
  part: defineMessage<{ part: (typeof PARTS)[number] }>({
    id: 'people.week.part',
    defaultMessage: '{part, select, FULL {Whole day} MORNING {Morning} AFTERNOON {Afternoon} other {Not working}}',
  }),
  title: defineMessage<{ name: string }>({ id: 'people.week.title', defaultMessage: '{name}’s working week' }),
  saved: defineMessage<{ name: string }>({ id: 'people.week.saved', defaultMessage: '{name}’s working week saved' }),
  submit: defineMessage({ id: 'people.week.submit', defaultMessage: 'Save working week' }),
};

/** Each ISO weekday's part in a week, or NONE. */
function partsOf(week: PersonWeek): Record<number, DayPart | 'NONE'> {
  const parts: Record<number, DayPart | 'NONE'> = {
    1: 'NONE',
    2: 'NONE',
    3: 'NONE',
    4: 'NONE',
    5: 'NONE',
    6: 'NONE',
    7: 'NONE',
  };
  for (const d of week) parts[d.weekday] = d.part;
  return parts;
}

/**
 * A person's working week (ADMIN): the organization's, or their own, day by day, whole or half.
 * Their leave waiting for a decision is counted again on it; approved leave keeps its days.
 */
export function WorkingWeekDialog({
  person,
  organizationWeek,
  onClose,
}: {
  person: User;
  organizationWeek: readonly number[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const [own, setOwn] = useState(!!person.workingWeek);
  const [parts, setParts] = useState(() =>
    partsOf(person.workingWeek ?? organizationWeek.map((weekday) => ({ weekday, part: 'FULL' as const }))),
  );
  const save = useAppAction('users.update');
  const name = fullNameOf(person);
  const week: PersonWeek = Object.entries(parts)
    .filter(([, part]) => part !== 'NONE')
    .map(([day, part]) => ({ weekday: Number(day), part: part as DayPart }));
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title, { name })} onClose={onClose} size="small">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run({ id: person.id, changes: { workingWeek: own ? week : null } }).then((done) => {
            if (!done) return;
            const saved = intl.formatMessage(MESSAGES.saved, { name });
            toast(queuedWords({ online: saved, offline: saved }, intl));
            onClose();
          });
        }}
      >
        <Checkbox isSelected={own} onChange={setOwn} className="wide">
          <FormattedMessage id="people.week.own" defaultMessage="Works a week of their own" />
        </Checkbox>
        {own ? (
          <fieldset className="people-week wide">
            <legend>
              <FormattedMessage id="people.week.days" defaultMessage="Days worked" />
            </legend>
            {WEEKDAY_NAMES.map((day, i) => (
              <Select
                key={day}
                label={day}
                items={PARTS.map((part) => ({ id: part, name: intl.formatMessage(MESSAGES.part, { part }) }))}
                value={parts[i + 1]!}
                onChange={(id) => setParts({ ...parts, [i + 1]: (id || 'NONE') as DayPart | 'NONE' })}
              />
            ))}
          </fieldset>
        ) : (
          <p className="wide">
            <FormattedMessage
              id="people.week.organization"
              defaultMessage="The organization’s week: {week}."
              values={{ week: weekWords(organizationWeek) }}
            />
          </p>
        )}
        <p className="wide hint">
          {own && week.length > 0 ? (
            <FormattedMessage
              id="people.week.recountWithWeek"
              defaultMessage="{week}. Requests waiting for a decision are counted again on this week; approved leave keeps the days it was approved with."
              values={{ week: weekWords(week) }}
            />
          ) : (
            <FormattedMessage
              id="people.week.recount"
              defaultMessage="Requests waiting for a decision are counted again on this week; approved leave keeps the days it was approved with."
            />
          )}
        </p>
        <FormFooter
          error={save.fieldErrors.workingWeek ?? save.error}
          submitLabel={intl.formatMessage(MESSAGES.submit)}
          pending={save.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

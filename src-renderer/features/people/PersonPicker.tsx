import { useDeferredValue, useMemo, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { ComboBox, type Choice } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';

/** How many people a search lists at once: typing more narrows it. */
const FOUND = 50;
const NONE: readonly Choice[] = [];

const TYPE_TO_FIND = defineMessage({
  id: 'people.picker.typeToFind',
  defaultMessage: 'Type a name to find someone not listed',
});

export interface PersonPickerProps {
  label: string;
  /** The person chosen (an id), or the id of one of `leading`. */
  value: string;
  onChange: (id: string) => void;
  /** Choices before the people: "Everyone", "Me". */
  leading?: readonly Choice[];
  /** Only the direct reports of this person (a manager choosing for their team). */
  managerId?: string;
  /** Someone not to list (oneself, when "Me" leads). */
  except?: string;
  description?: string;
  /**
   * Say under the field that typing finds people not listed. Off in a filter bar, whose fields
   * line up on their inputs: a line under one would lift it out of the row.
   */
  hintMore?: boolean;
  error?: string;
  className?: string;
}

/**
 * A person of the organization, found by typing any part of their name or email in the cached
 * directory, however many people it holds: the first people by name at once, narrowed as one types.
 */
export function PersonPicker({
  label,
  value,
  onChange,
  leading = NONE,
  managerId,
  except,
  description,
  hintMore = true,
  error,
  className,
}: PersonPickerProps) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const names = useAppQuery('users.names', undefined).data;
  const chosenName = leading.find((c) => c.id === value)?.name ?? (value ? names?.[value] : undefined);
  // The field showing the chosen one's name is no search for it.
  const search = useDeferredValue(typed === chosenName ? '' : typed.trim());
  const found = useAppQuery('users.list', {
    pageSize: FOUND,
    ...(search ? { search } : {}),
    ...(managerId ? { managerId } : {}),
  });
  const items = useMemo(() => {
    const people = (found.data?.data ?? [])
      .filter((u) => u.id !== except)
      .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
    // The one chosen stays a choice while a search does not find them, so the field keeps their name.
    const chosen =
      value && chosenName && !leading.some((c) => c.id === value) && !people.some((p) => p.id === value)
        ? [{ id: value, name: chosenName }]
        : [];
    return [...leading, ...chosen, ...people];
  }, [found.data, leading, value, chosenName, except]);
  const more = hintMore && (found.data?.meta.total ?? 0) > FOUND;
  return (
    <ComboBox
      label={label}
      description={[description, more ? intl.formatMessage(TYPE_TO_FIND) : ''].filter(Boolean).join('. ')}
      items={items}
      value={value}
      onChange={onChange}
      onInputChange={setTyped}
      error={error}
      className={className}
    />
  );
}

// The trainings list's filter bar, apart from the list it narrows: the list keeps the filters chosen
// (they are part of its query) and is told of each change.
import { useMemo } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { AppResult, TrainingQuery } from '@shared/appApi';
import type { ExpiryState } from '@shared/records/trainingExpiry';
import type { TrainingOutcome, TrainingStatus } from '@shared/wire';
import { Button, FilterPopover, Select, TextField } from '@renderer/components/ui';
import { PersonPicker } from '@renderer/features/people';
import {
  anyChoice,
  choices,
  EXPIRY_FILTER,
  EXPIRY_STATES,
  OUTCOME_TEXT,
  OUTCOMES,
  STATUS_TEXT,
  STATUSES,
} from './trainingWords';

export type Filters = Pick<
  TrainingQuery,
  'search' | 'status' | 'outcome' | 'expiry' | 'userId' | 'departmentId' | 'typeId' | 'categoryId' | 'providerId'
>;

const ANY = 'any';
const orAny = (v: string | undefined) => v || ANY;
const unlessAny = (v: string) => (v === ANY ? undefined : v);

const MESSAGES = defineMessages({
  search: { id: 'trainings.filter.search', defaultMessage: 'Search trainings' },
  person: { id: 'trainings.filter.person', defaultMessage: 'Person' },
  everyone: { id: 'trainings.filter.person.any', defaultMessage: 'Everyone' },
  department: { id: 'trainings.filter.department', defaultMessage: 'Department' },
  allDepartments: { id: 'trainings.filter.department.any', defaultMessage: 'All departments' },
  status: { id: 'trainings.filter.status', defaultMessage: 'Status' },
  expiry: { id: 'trainings.filter.expiry', defaultMessage: 'Expiry' },
  more: { id: 'trainings.filter.more', defaultMessage: 'More filters' },
  type: { id: 'trainings.filter.type', defaultMessage: 'Type' },
  category: { id: 'trainings.filter.category', defaultMessage: 'Category' },
  provider: { id: 'trainings.filter.provider', defaultMessage: 'Provider' },
  outcome: { id: 'trainings.filter.outcome', defaultMessage: 'Outcome' },
});
const MORE_CHOSEN = defineMessage<{ count: number }>({
  id: 'trainings.filter.more.summary',
  defaultMessage: '{count, plural, =0 {None} other {{count} chosen}}',
});

export interface TrainingFiltersProps {
  filters: Filters;
  /** A manager or an admin: filters by person and department too. */
  seesOthers: boolean;
  /** Whether any filter is set: the bar offers to clear them. */
  filtered: boolean;
  departments: AppResult<'departments.list'> | undefined;
  refs: AppResult<'trainings.references'> | undefined;
  /** One filter changed; an empty value clears it. */
  onFilter: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
  onClear: () => void;
}

/** Search, person and department (for those who see others), status, expiry, and more in a popover. */
export function TrainingFilters({
  filters,
  seesOthers,
  filtered,
  departments,
  refs,
  onFilter,
  onClear,
}: TrainingFiltersProps) {
  const intl = useIntl();
  // Stable while the language is: a new list each render is a list read again.
  const everyone = useMemo(() => [{ id: ANY, name: intl.formatMessage(MESSAGES.everyone) }], [intl]);
  const more = [filters.typeId, filters.categoryId, filters.providerId, filters.outcome].filter(Boolean).length;
  return (
    <div className="filters" role="search">
      <TextField
        label={intl.formatMessage(MESSAGES.search)}
        type="search"
        value={filters.search ?? ''}
        onChange={(v) => onFilter('search', v)}
      />
      {seesOthers && (
        <PersonPicker
          label={intl.formatMessage(MESSAGES.person)}
          leading={everyone}
          hintMore={false}
          value={orAny(filters.userId)}
          onChange={(v) => onFilter('userId', unlessAny(v))}
        />
      )}
      {seesOthers && (
        <Select
          label={intl.formatMessage(MESSAGES.department)}
          items={[{ id: ANY, name: intl.formatMessage(MESSAGES.allDepartments) }, ...(departments ?? [])]}
          value={orAny(filters.departmentId)}
          onChange={(v) => onFilter('departmentId', unlessAny(v))}
        />
      )}
      <Select
        label={intl.formatMessage(MESSAGES.status)}
        items={choices(intl, STATUSES, (status) => intl.formatMessage(STATUS_TEXT, { status }))}
        value={orAny(filters.status)}
        onChange={(v) => onFilter('status', unlessAny(v) as TrainingStatus | undefined)}
      />
      <Select
        label={intl.formatMessage(MESSAGES.expiry)}
        items={choices(intl, EXPIRY_STATES, (state) => intl.formatMessage(EXPIRY_FILTER, { state }))}
        value={orAny(filters.expiry)}
        onChange={(v) => onFilter('expiry', unlessAny(v) as ExpiryState | undefined)}
      />
      <FilterPopover
        label={intl.formatMessage(MESSAGES.more)}
        summary={intl.formatMessage(MORE_CHOSEN, { count: more })}
      >
        <div className="trainings-filter-stack">
          <Select
            label={intl.formatMessage(MESSAGES.type)}
            items={[anyChoice(intl), ...(refs?.types ?? [])]}
            value={orAny(filters.typeId)}
            onChange={(v) => onFilter('typeId', unlessAny(v))}
          />
          <Select
            label={intl.formatMessage(MESSAGES.category)}
            items={[anyChoice(intl), ...(refs?.categories ?? [])]}
            value={orAny(filters.categoryId)}
            onChange={(v) => onFilter('categoryId', unlessAny(v))}
          />
          <Select
            label={intl.formatMessage(MESSAGES.provider)}
            items={[anyChoice(intl), ...(refs?.providers ?? [])]}
            value={orAny(filters.providerId)}
            onChange={(v) => onFilter('providerId', unlessAny(v))}
          />
          <Select
            label={intl.formatMessage(MESSAGES.outcome)}
            items={choices(intl, OUTCOMES, (outcome) => intl.formatMessage(OUTCOME_TEXT, { outcome }))}
            value={orAny(filters.outcome)}
            onChange={(v) => onFilter('outcome', unlessAny(v) as TrainingOutcome | undefined)}
          />
        </div>
      </FilterPopover>
      {filtered && (
        <Button variant="quiet" onPress={onClear}>
          <FormattedMessage id="trainings.filter.clear" defaultMessage="Clear filters" />
        </Button>
      )}
    </div>
  );
}

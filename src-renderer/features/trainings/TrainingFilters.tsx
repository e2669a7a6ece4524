// The trainings list's filter bar, apart from the list it narrows: the list keeps the filters chosen
// (they are part of its query) and is told of each change.
import type { AppResult, TrainingQuery } from '@shared/appApi';
import type { ExpiryState } from '@shared/records/trainingExpiry';
import type { TrainingOutcome, TrainingStatus } from '@shared/wire';
import { Button, FilterPopover, Select, TextField } from '@renderer/components/ui';
import { PersonPicker } from '@renderer/features/people';
import { choices, EXPIRY_FILTER, OUTCOME_TEXT, STATUS_TEXT } from './trainingWords';

export type Filters = Pick<
  TrainingQuery,
  'search' | 'status' | 'outcome' | 'expiry' | 'userId' | 'departmentId' | 'typeId' | 'categoryId' | 'providerId'
>;

const ANY = 'any';
const orAny = (v: string | undefined) => v || ANY;
const unlessAny = (v: string) => (v === ANY ? undefined : v);
const EVERYONE = [{ id: ANY, name: 'Everyone' }];

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
  const more = [filters.typeId, filters.categoryId, filters.providerId, filters.outcome].filter(Boolean).length;
  return (
    <div className="filters" role="search">
      <TextField
        label="Search trainings"
        type="search"
        value={filters.search ?? ''}
        onChange={(v) => onFilter('search', v)}
      />
      {seesOthers && (
        <PersonPicker
          label="Person"
          leading={EVERYONE}
          hintMore={false}
          value={orAny(filters.userId)}
          onChange={(v) => onFilter('userId', unlessAny(v))}
        />
      )}
      {seesOthers && (
        <Select
          label="Department"
          items={[{ id: ANY, name: 'All departments' }, ...(departments ?? [])]}
          value={orAny(filters.departmentId)}
          onChange={(v) => onFilter('departmentId', unlessAny(v))}
        />
      )}
      <Select
        label="Status"
        items={choices(STATUS_TEXT)}
        value={orAny(filters.status)}
        onChange={(v) => onFilter('status', unlessAny(v) as TrainingStatus | undefined)}
      />
      <Select
        label="Expiry"
        items={choices(EXPIRY_FILTER)}
        value={orAny(filters.expiry)}
        onChange={(v) => onFilter('expiry', unlessAny(v) as ExpiryState | undefined)}
      />
      <FilterPopover label="More filters" summary={more ? `${more} chosen` : 'None'}>
        <div className="trainings-filter-stack">
          <Select
            label="Type"
            items={[{ id: ANY, name: 'Any' }, ...(refs?.types ?? [])]}
            value={orAny(filters.typeId)}
            onChange={(v) => onFilter('typeId', unlessAny(v))}
          />
          <Select
            label="Category"
            items={[{ id: ANY, name: 'Any' }, ...(refs?.categories ?? [])]}
            value={orAny(filters.categoryId)}
            onChange={(v) => onFilter('categoryId', unlessAny(v))}
          />
          <Select
            label="Provider"
            items={[{ id: ANY, name: 'Any' }, ...(refs?.providers ?? [])]}
            value={orAny(filters.providerId)}
            onChange={(v) => onFilter('providerId', unlessAny(v))}
          />
          <Select
            label="Outcome"
            items={choices(OUTCOME_TEXT)}
            value={orAny(filters.outcome)}
            onChange={(v) => onFilter('outcome', unlessAny(v) as TrainingOutcome | undefined)}
          />
        </div>
      </FilterPopover>
      {filtered && (
        <Button variant="quiet" onPress={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

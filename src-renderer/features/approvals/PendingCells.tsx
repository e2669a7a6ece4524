// The pending table's cells and header control, apart from the table: what each row shows beside
// the request (days left, who else is away, its buttons) and "Select all", each reading its context.
import { createContext, memo, useContext, useEffect, useLayoutEffect } from 'react';
import { TableStateContext } from 'react-aria-components';
import type { AppResult } from '@shared/appApi';
import type { Leave, LeaveDecision } from '@shared/wire';
import { Checkbox, GridButton } from '@renderer/components/ui';
import { daysWord, formatDays } from '@shared/rules';

/** What is known beside each request in view, kept apart from the rows so it does not rebuild them. */
export interface RowExtras {
  alsoAway: AppResult<'leave.alsoAway'> | undefined;
  /** What each requester has left of the request's type before and after it (counted types). */
  balances: AppResult<'leave.balanceAround'> | undefined;
}

export type Manager = NonNullable<React.ContextType<typeof TableStateContext>>['selectionManager'];

/** "Nobody", or the first names and how many more. */
const alsoAwayWords = (names: string[] | undefined) =>
  !names
    ? ''
    : names.length === 0
      ? 'Nobody'
      : names.length <= 2
        ? names.join(', ')
        : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;

interface Shown {
  extras: RowExtras;
  /** Hands over the grid's selection and focus from a row in view (react-aria keeps it inside the table). */
  reach: (m: Manager | null) => void;
  /** A row on screen says so, and again when it leaves. */
  track: (id: string, shown: boolean) => void;
}
export const ShownContext = createContext<Shown | null>(null);

/** "12 → 9", and in words for a screen reader; a dash for a type not counted, nothing while unknown. */
export function LeftCell({ id }: { id: string }) {
  const shown = useContext(ShownContext)!;
  const { track } = shown;
  useEffect(() => {
    track(id, true);
    return () => track(id, false);
  }, [id, track]);
  const { balances } = shown.extras;
  if (!balances) return null;
  const around = balances[id];
  if (!around) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">Not counted</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true" className={around.refused ? 'approvals-below' : undefined}>
        {formatDays(around.before)} → {formatDays(around.after)}
      </span>
      <span className="visually-hidden">
        {daysWord(around.before)} left before, {daysWord(around.after)} after
        {around.refused ? ': approving it goes past what the policy allows' : ''}
      </span>
    </>
  );
}

export function ReachManager() {
  const state = useContext(TableStateContext);
  const { reach } = useContext(ShownContext)!;
  useLayoutEffect(() => reach(state?.selectionManager ?? null), [reach, state]);
  return null;
}

export function AwayCell({ id }: { id: string }) {
  return <>{alsoAwayWords(useContext(ShownContext)!.extras.alsoAway?.[id])}</>;
}

/** Each row's buttons: the visible word, the accessible name from the request's words, what it does. */
const ACTIONS: readonly [string, (what: string) => string, 'context' | LeaveDecision][] = [
  ['Context', (what) => `Context: who else is away, ${what}`, 'context'],
  ['Approve', (what) => `Approve ${what}`, 'APPROVED'],
  ['Reject', (what) => `Reject ${what}`, 'REJECTED'],
];

export const Actions = memo(function Actions({
  leave,
  what,
  onContext,
  onDecide,
}: {
  leave: Leave;
  what: string;
  onContext: (l: Leave) => void;
  onDecide: (decision: LeaveDecision, l: Leave) => void;
}) {
  return (
    <div className="row-actions">
      {ACTIONS.map(([label, name, act]) => (
        <GridButton
          key={label}
          aria-label={name(what)}
          onPress={() => (act === 'context' ? onContext(leave) : onDecide(act, leave))}
        >
          {label}
        </GridButton>
      ))}
    </div>
  );
});

interface AllState {
  /** How many of the rows listed are ticked, of how many. */
  ticked: number;
  listed: number;
  onAll: (on: boolean) => void;
}
export const AllContext = createContext<AllState | null>(null);

/**
 * "Select all", ticked when every row listed is and half-ticked when some are: counted over the rows
 * listed, so requests decided a moment ago and still in the selection do not half-tick it.
 */
export function SelectAll() {
  const { ticked, listed, onAll } = useContext(AllContext)!;
  return (
    <Checkbox
      slot={null}
      aria-label="Select all"
      isSelected={listed > 0 && ticked === listed}
      isIndeterminate={ticked > 0 && ticked < listed}
      onChange={onAll}
    />
  );
}

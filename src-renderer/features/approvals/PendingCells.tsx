// The pending table's cells and header control, apart from the table: what each row shows beside
// the request (days left, who else is away, its buttons) and "Select all", each reading its context.
import { daysNumber, daysText } from '@renderer/features/leave';
import { createContext, memo, useContext, useEffect, useLayoutEffect } from 'react';
import { TableStateContext } from 'react-aria-components';
import type { AppResult } from '@shared/appApi';
import type { Leave, LeaveDecision } from '@shared/wire';
import { Checkbox, GridButton } from '@renderer/components/ui';

import { defineMessage, useIntl, type IntlShape, type TypedMessageDescriptor } from 'react-intl';
import { APPROVALS_LABELS } from './approvalsWords';

// Marks every language writes the same: a type not counted, and a balance before and after.
const NOT_COUNTED_MARK = '–';
const ARROW = ' → ';

const MESSAGES = {
  nobody: defineMessage({ id: 'approvals.pending.away.nobody', defaultMessage: 'Nobody' }),
  awayMore: defineMessage<{ names: string; more: number }>({
    id: 'approvals.pending.away.more',
    defaultMessage: '{names} +{more, number, ::group-off}',
  }),
  notCounted: defineMessage({ id: 'approvals.pending.left.notCounted', defaultMessage: 'Not counted' }),
  left: defineMessage<{ before: string; after: string; refused: 'yes' | 'no' }>({
    id: 'approvals.pending.left',
    defaultMessage:
      '{refused, select, yes {{before} left before, {after} after: approving it goes past what the policy allows} other {{before} left before, {after} after}}',
  }),
  context: defineMessage({ id: 'approvals.pending.context', defaultMessage: 'Context' }),
  contextName: defineMessage<{ what: string }>({
    id: 'approvals.pending.context.name',
    defaultMessage: 'Context: who else is away, {what}',
  }),
  approveName: defineMessage<{ what: string }>({
    id: 'approvals.pending.approve.name',
    defaultMessage: 'Approve {what}',
  }),
  rejectName: defineMessage<{ what: string }>({ id: 'approvals.pending.reject.name', defaultMessage: 'Reject {what}' }),
  selectAll: defineMessage({ id: 'approvals.pending.selectAll', defaultMessage: 'Select all' }),
};

/** What is known beside each request in view, kept apart from the rows so it does not rebuild them. */
export interface RowExtras {
  alsoAway: AppResult<'leave.alsoAway'> | undefined;
  /** What each requester has left of the request's type before and after it (counted types). */
  balances: AppResult<'leave.balanceAround'> | undefined;
}

export type Manager = NonNullable<React.ContextType<typeof TableStateContext>>['selectionManager'];

/** "Nobody", or the first names and how many more. */
const alsoAwayWords = (intl: IntlShape, names: string[] | undefined) =>
  !names
    ? ''
    : names.length === 0
      ? intl.formatMessage(MESSAGES.nobody)
      : names.length <= 2
        ? names.join(', ')
        : intl.formatMessage(MESSAGES.awayMore, { names: names.slice(0, 2).join(', '), more: names.length - 2 });

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
  const intl = useIntl();
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
        <span aria-hidden="true">{NOT_COUNTED_MARK}</span>
        <span className="visually-hidden">{intl.formatMessage(MESSAGES.notCounted)}</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true" className={around.refused ? 'approvals-below' : undefined}>
        {daysNumber(intl, around.before)}
        {ARROW}
        {daysNumber(intl, around.after)}
      </span>
      <span className="visually-hidden">
        {intl.formatMessage(MESSAGES.left, {
          before: daysText(intl, around.before),
          after: daysText(intl, around.after),
          refused: around.refused ? 'yes' : 'no',
        })}
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
  const intl = useIntl();
  return <>{alsoAwayWords(intl, useContext(ShownContext)!.extras.alsoAway?.[id])}</>;
}

/** Each row's buttons: the visible word, the accessible name from the request's words, what it does. */
const ACTIONS: readonly [
  TypedMessageDescriptor,
  TypedMessageDescriptor<{ what: string }>,
  'context' | LeaveDecision,
][] = [
  [MESSAGES.context, MESSAGES.contextName, 'context'],
  [APPROVALS_LABELS.approve, MESSAGES.approveName, 'APPROVED'],
  [APPROVALS_LABELS.reject, MESSAGES.rejectName, 'REJECTED'],
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
  const intl = useIntl();
  return (
    <div className="row-actions">
      {ACTIONS.map(([label, name, act]) => (
        <GridButton
          key={act}
          aria-label={intl.formatMessage(name, { what })}
          onPress={() => (act === 'context' ? onContext(leave) : onDecide(act, leave))}
        >
          {intl.formatMessage(label)}
        </GridButton>
      ))}
    </div>
  );
});

/** The row buttons' words, unseen, for their column to be measured by. */
export function ActionWords({ ref }: { ref: React.Ref<HTMLDivElement> }) {
  const intl = useIntl();
  return (
    <div ref={ref} className="row-actions approvals-measure" aria-hidden="true">
      {ACTIONS.map(([label, , act]) => (
        <span key={act} className="button native">
          {intl.formatMessage(label)}
        </span>
      ))}
    </div>
  );
}

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
  const intl = useIntl();
  const { ticked, listed, onAll } = useContext(AllContext)!;
  return (
    <Checkbox
      slot={null}
      aria-label={intl.formatMessage(MESSAGES.selectAll)}
      isSelected={listed > 0 && ticked === listed}
      isIndeterminate={ticked > 0 && ticked < listed}
      onChange={onAll}
    />
  );
}

import { memo } from 'react';
import type { Leave, LeaveDecision } from '@shared/wire';
import { href } from '@renderer/state/route';
import { daysWord, formatDays } from '@shared/rules';
import { span, typeName } from '@renderer/features/leave';

export interface PendingTableProps {
  rows: readonly Leave[];
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], on: boolean) => void;
  /** "Alice Archer, 2026-12-30": the request in words, for names of its controls. */
  describe: (l: Leave) => string;
  nameOf: (id: string) => string;
  alsoAway: Readonly<Record<string, string[]>> | undefined;
  /** What each requester has left of the request's type before and after it (counted types). */
  balances: Readonly<Record<string, { before: number; after: number; refused: boolean }>> | undefined;
  onContext: (l: Leave) => void;
  onDecide: (decision: LeaveDecision, l: Leave) => void;
}

/** "Nobody", or the first names and how many more. */
const alsoAwayWords = (names: string[] | undefined) =>
  !names
    ? ''
    : names.length === 0
      ? 'Nobody'
      : names.length <= 2
        ? names.join(', ')
        : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;

/** "12 → 9", and in words for a screen reader; a dash for a type not counted, nothing while unknown. */
function LeftCell({
  around,
  known,
}: {
  around: { before: number; after: number; refused: boolean } | undefined;
  known: boolean;
}) {
  if (!known) return null;
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

/** Each row's buttons: the visible word, the accessible name from the request's words, what it does. */
const ACTIONS: readonly [string, (what: string) => string, 'context' | LeaveDecision][] = [
  ['Context', (what) => `Who else is away: ${what}`, 'context'],
  ['Approve', (what) => `Approve ${what}`, 'APPROVED'],
  ['Reject', (what) => `Reject ${what}`, 'REJECTED'],
];

/** A row's buttons: kept apart so ticking the row's box does not render them again. */
const Actions = memo(function Actions({
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
        <button
          key={label}
          type="button"
          className="button"
          aria-label={name(what)}
          onClick={() => (act === 'context' ? onContext(leave) : onDecide(act, leave))}
        >
          {label}
        </button>
      ))}
    </div>
  );
});

const PendingRow = memo(function PendingRow({
  leave,
  what,
  person,
  away,
  around,
  known,
  checked,
  onSelect,
  onContext,
  onDecide,
}: {
  leave: Leave;
  what: string;
  person: string;
  away: string;
  around: { before: number; after: number; refused: boolean } | undefined;
  known: boolean;
  checked: boolean;
  onSelect: PendingTableProps['onSelect'];
  onContext: PendingTableProps['onContext'];
  onDecide: PendingTableProps['onDecide'];
}) {
  return (
    <tr className={`row${checked ? ' approvals-selected' : ''}`}>
      <td className="cell approvals-select">
        <input
          type="checkbox"
          aria-label={`Select ${what}`}
          checked={checked}
          onChange={(e) => onSelect([leave.id], e.target.checked)}
        />
      </td>
      <th scope="row" className="cell">
        <a href={href('trainings', { person: leave.userId })}>{person}</a>
      </th>
      <td className="cell nowrap">{span(leave.startDate, leave.endDate)}</td>
      <td className="cell">{typeName(leave.type)}</td>
      <td className="cell">{leave.days}</td>
      <td className="cell nowrap">
        <LeftCell around={around} known={known} />
      </td>
      <td className="cell long-text">{leave.notes ?? ''}</td>
      <td className="cell">{away}</td>
      <td className="cell">
        <Actions leave={leave} what={what} onContext={onContext} onDecide={onDecide} />
      </td>
    </tr>
  );
});

/**
 * The requests waiting for a decision, with a box each to decide many at once. A plain table with
 * native controls: a hundred rows ticked, or replaced after a decision, render in milliseconds
 * (a react-aria grid of the same rows took seconds here). Tab moves through the controls.
 */
export function PendingTable({
  rows,
  selected,
  onSelect,
  describe,
  nameOf,
  alsoAway,
  balances,
  onContext,
  onDecide,
}: PendingTableProps) {
  const all = rows.length > 0 && rows.every((l) => selected.has(l.id));
  const some = !all && rows.some((l) => selected.has(l.id));
  return (
    <div className="table-wrap">
      <table className="table approvals-pending" aria-labelledby="pending-title">
        <thead>
          <tr>
            <th scope="col" className="column approvals-select">
              <input
                type="checkbox"
                aria-label="Select all"
                checked={all}
                ref={(box) => {
                  if (box) box.indeterminate = some;
                }}
                onChange={(e) =>
                  onSelect(
                    rows.map((l) => l.id),
                    e.target.checked,
                  )
                }
              />
            </th>
            <th scope="col" className="column">
              Person
            </th>
            <th scope="col" className="column">
              Dates
            </th>
            <th scope="col" className="column">
              Type
            </th>
            <th scope="col" className="column">
              Working days
            </th>
            <th scope="col" className="column">
              Days left
            </th>
            <th scope="col" className="column">
              Notes
            </th>
            <th scope="col" className="column">
              Also away
            </th>
            <th scope="col" className="column">
              <span className="visually-hidden">Decision</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <PendingRow
              key={l.id}
              leave={l}
              what={describe(l)}
              person={nameOf(l.userId)}
              away={alsoAwayWords(alsoAway?.[l.id])}
              around={balances?.[l.id]}
              known={balances !== undefined}
              checked={selected.has(l.id)}
              onSelect={onSelect}
              onContext={onContext}
              onDecide={onDecide}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { createContext, memo, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { Link, type Selection } from 'react-aria-components';
import type { AppResult } from '@shared/appApi';
import type { Leave, LeaveDecision } from '@shared/wire';
import { Button, Cell, Checkbox, Column, Row, Table, TableBody, TableHeader } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { daysWord, formatDays } from '@shared/rules';
import { span, typeName } from '@renderer/features/leave';

/** What is known beside each request in view, kept apart from the rows so it does not rebuild them. */
export interface RowExtras {
  alsoAway: AppResult<'leave.alsoAway'> | undefined;
  /** What each requester has left of the request's type before and after it (counted types). */
  balances: AppResult<'leave.balanceAround'> | undefined;
}

export interface PendingTableProps {
  rows: readonly Leave[];
  selected: ReadonlySet<string>;
  onSelected: (ids: ReadonlySet<string>) => void;
  /** "Alice Archer, 2026-12-30": the request in words, for names of its controls. */
  describe: (l: Leave) => string;
  nameOf: (id: string) => string;
  extras: RowExtras;
  /** The requests whose rows are on screen, as they come and go: what the extras are read for. */
  onInView: (ids: readonly string[]) => void;
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

interface Shown {
  extras: RowExtras;
  /** A row on screen says so, and again when it leaves. */
  track: (id: string, shown: boolean) => void;
}
const ShownContext = createContext<Shown | null>(null);

/** "12 → 9", and in words for a screen reader; a dash for a type not counted, nothing while unknown. */
function LeftCell({ id }: { id: string }) {
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

function AwayCell({ id }: { id: string }) {
  return <>{alsoAwayWords(useContext(ShownContext)!.extras.alsoAway?.[id])}</>;
}

/** Each row's buttons: the visible word, the accessible name from the request's words, what it does. */
const ACTIONS: readonly [string, (what: string) => string, 'context' | LeaveDecision][] = [
  ['Context', (what) => `Who else is away: ${what}`, 'context'],
  ['Approve', (what) => `Approve ${what}`, 'APPROVED'],
  ['Reject', (what) => `Reject ${what}`, 'REJECTED'],
];

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
        <Button
          key={label}
          aria-label={name(what)}
          onPress={() => (act === 'context' ? onContext(leave) : onDecide(act, leave))}
        >
          {label}
        </Button>
      ))}
    </div>
  );
});

const HEADER = (
  <TableHeader>
    <Column width={48} minWidth={48}>
      <Checkbox slot="selection" aria-label="Select all" />
    </Column>
    <Column isRowHeader minWidth={120}>
      Person
    </Column>
    <Column isRowHeader minWidth={210}>
      Dates
    </Column>
    <Column minWidth={112}>Type</Column>
    <Column minWidth={84} maxWidth={100}>
      Working days
    </Column>
    <Column minWidth={84} maxWidth={120}>
      Days left
    </Column>
    <Column minWidth={100} defaultWidth="2fr">
      Notes
    </Column>
    <Column minWidth={90}>Also away</Column>
    <Column width={270} minWidth={270}>
      <span className="visually-hidden">Decision</span>
    </Column>
  </TableHeader>
);

/** One row's height: the buttons and two lines of notes. */
const WINDOWED = { rowHeight: 56, headingHeight: 48 };

/**
 * The requests waiting for a decision, all of them, in a keyboard grid that renders only the rows in
 * view: arrows move between cells, Space ticks a row, "Select all" ticks every request at once.
 */
export function PendingTable({
  rows,
  selected,
  onSelected,
  describe,
  nameOf,
  extras,
  onInView,
  onContext,
  onDecide,
}: PendingTableProps) {
  // Rows come and go in bursts as the list scrolls: the extras are asked for once a frame settles.
  const inView = useRef(new Set<string>());
  const flush = useRef<ReturnType<typeof setTimeout> | null>(null);
  const track = useCallback(
    (id: string, on: boolean) => {
      if (on) inView.current.add(id);
      else inView.current.delete(id);
      if (flush.current) return;
      flush.current = setTimeout(() => {
        flush.current = null;
        onInView([...inView.current].sort());
      }, 30);
    },
    [onInView],
  );
  useEffect(
    () => () => {
      if (flush.current) clearTimeout(flush.current);
    },
    [],
  );
  const shown = useMemo(() => ({ extras, track }), [extras, track]);
  // Ticking rows changes only the selection: the columns and rows stay the same elements, so
  // react-aria's collection of every request is not built again.
  const body = useMemo(
    () => (
      <TableBody items={rows} dependencies={[nameOf, describe]}>
        {(l) => {
          const what = describe(l);
          return (
            <Row id={l.id} textValue={what}>
              <Cell>
                <Checkbox slot="selection" />
              </Cell>
              <Cell className="approvals-person">
                <Link href={href('trainings', { person: l.userId })}>{nameOf(l.userId)}</Link>
              </Cell>
              <Cell className="nowrap">{span(l.startDate, l.endDate)}</Cell>
              <Cell>{typeName(l.type)}</Cell>
              <Cell>{l.days}</Cell>
              <Cell className="nowrap">
                <LeftCell id={l.id} />
              </Cell>
              <Cell className="approvals-notes">
                <span className="approvals-notes-text">{l.notes ?? ''}</span>
              </Cell>
              <Cell>
                <AwayCell id={l.id} />
              </Cell>
              <Cell>
                <Actions leave={l} what={what} onContext={onContext} onDecide={onDecide} />
              </Cell>
            </Row>
          );
        }}
      </TableBody>
    ),
    [rows, nameOf, describe, onContext, onDecide],
  );
  const onSelectionChange = (keys: Selection) =>
    onSelected(keys === 'all' ? new Set(rows.map((l) => l.id)) : (keys as Set<string>));

  return (
    <ShownContext.Provider value={shown}>
      <Table
        aria-labelledby="pending-title"
        className="approvals-pending"
        windowed={WINDOWED}
        selectionMode="multiple"
        selectedKeys={selected as Set<string>}
        onSelectionChange={onSelectionChange}
      >
        {HEADER}
        {body}
      </Table>
    </ShownContext.Provider>
  );
}

import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { Link, type Selection } from 'react-aria-components';
import type { Leave, LeaveDecision } from '@shared/wire';
import { Cell, Checkbox, Column, Row, Table, TableBody, TableHeader } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { LEAVE_LABELS, span, typeName } from '@renderer/features/leave';
import { FormattedMessage, useIntl } from 'react-intl';
import { APPROVALS_LABELS } from './approvalsWords';
import {
  ActionWords,
  Actions,
  AllContext,
  AwayCell,
  LeftCell,
  ReachManager,
  SelectAll,
  ShownContext,
  type Manager,
  type RowExtras,
} from './PendingCells';
import { numberText } from '@renderer/i18n/dates';

// The props name it: it stays importable with them.
export type { RowExtras };

export interface PendingTableProps {
  rows: readonly Leave[];
  selected: ReadonlySet<string>;
  /** How many of `rows` are in `selected`. */
  ticked: number;
  onSelected: (ids: ReadonlySet<string>) => void;
  /** "Alice Archer, 2026-12-30": the request in words, for names of its controls. */
  describe: (l: Leave) => string;
  nameOf: (id: string) => string;
  extras: RowExtras;
  /** The requests whose rows are on screen, as they come and go: what the extras are read for. */
  onInView: (ids: readonly string[]) => void;
  onContext: (l: Leave) => void;
  onDecide: (decision: LeaveDecision, l: Leave) => void;
  handle: RefObject<PendingHandle | null>;
}

export interface PendingHandle {
  /**
   * Rows about to leave the list: a focus held on one moves to the next row that stays, in the same
   * render as the rows go (react-aria would move it in a second render of every row in view).
   */
  leaving(ids: ReadonlySet<string>): void;
  /** The tick box of the first row on screen (not one kept rendered above the view), if any. */
  firstRowInView(): HTMLElement | null;
}

/** The columns; the buttons' column as wide as its three words are in the page's language. */
const header = (actionsWidth: number) => (
  <TableHeader>
    <Column width={48} minWidth={48}>
      <SelectAll />
    </Column>
    <Column isRowHeader minWidth={110}>
      <FormattedMessage {...LEAVE_LABELS.person} />
    </Column>
    <Column isRowHeader minWidth={160}>
      <FormattedMessage {...LEAVE_LABELS.dates} />
    </Column>
    <Column minWidth={180}>
      <FormattedMessage {...LEAVE_LABELS.type} />
    </Column>
    <Column minWidth={115} maxWidth={160}>
      <FormattedMessage {...LEAVE_LABELS.workingDays} />
    </Column>
    <Column minWidth={115} maxWidth={160}>
      <FormattedMessage id="approvals.pending.daysLeft" defaultMessage="Days left" />
    </Column>
    <Column minWidth={90} defaultWidth="2fr">
      <FormattedMessage {...LEAVE_LABELS.notes} />
    </Column>
    <Column minWidth={115}>
      <FormattedMessage id="approvals.pending.alsoAway" defaultMessage="Also away" />
    </Column>
    <Column width={actionsWidth} minWidth={actionsWidth}>
      <span className="visually-hidden">
        <FormattedMessage {...APPROVALS_LABELS.decision} />
      </span>
    </Column>
  </TableHeader>
);

/** One row's height: the buttons and two lines of notes. */
const WINDOWED = { rowHeight: 56, headingHeight: 48 };

/** What the rows are made from, kept apart from the table so a list changed leaves the table as it is. */
interface BodyInputs {
  rows: readonly Leave[];
  describe: (l: Leave) => string;
  nameOf: (id: string) => string;
  onContext: (l: Leave) => void;
  onDecide: (decision: LeaveDecision, l: Leave) => void;
}
const BodyContext = createContext<BodyInputs | null>(null);

/**
 * The rows, read from context: rows removed or added re-render only this part (react-aria's
 * collection of every request), and the rows on screen once with the collection that results,
 * not first again with the one before.
 */
function PendingBody() {
  const { rows, describe, nameOf, onContext, onDecide } = useContext(BodyContext)!;
  const intl = useIntl();
  return useMemo(
    () => (
      <TableBody items={rows} dependencies={[nameOf, describe]}>
        {(l) => {
          const what = describe(l);
          return (
            <Row id={l.id} textValue={what}>
              <Cell>
                <Checkbox slot="selection" />
                <ReachManager />
              </Cell>
              <Cell className="approvals-person">
                <Link href={href('leave', { tab: 'balances', person: l.userId })}>{nameOf(l.userId)}</Link>
              </Cell>
              <Cell>{span(intl, l)}</Cell>
              <Cell>{typeName(intl, l.type)}</Cell>
              <Cell>{numberText(intl, l.days)}</Cell>
              <Cell className="nowrap">
                <LeftCell id={l.id} />
              </Cell>
              <Cell className="approvals-notes">
                <span className="approvals-notes-text" translate="no">
                  {l.notes ?? ''}
                </span>
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
    [rows, nameOf, describe, onContext, onDecide, intl],
  );
}

/**
 * The requests waiting for a decision, all of them, in a keyboard grid that renders only the rows in
 * view: arrows move between cells, Space ticks a row, "Select all" ticks every request at once.
 * `selected` may hold requests no longer listed (decided a moment ago): they are left out of what a
 * new choice reports.
 */
export const PendingTable = memo(function PendingTable({
  rows,
  selected,
  ticked,
  onSelected,
  describe,
  nameOf,
  extras,
  onInView,
  onContext,
  onDecide,
  handle,
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
  const manager = useRef<Manager | null>(null);
  const reach = useCallback((m: Manager | null) => {
    manager.current = m;
  }, []);
  const shown = useMemo(() => ({ extras, track, reach }), [extras, track, reach]);
  const inputs = useMemo(
    () => ({ rows, describe, nameOf, onContext, onDecide }),
    [rows, describe, nameOf, onContext, onDecide],
  );
  const listed = useRef(rows);
  useLayoutEffect(() => {
    listed.current = rows;
  }, [rows]);
  useImperativeHandle(
    handle,
    () => ({
      leaving(ids) {
        const m = manager.current;
        // The focus may be on a row or on one of its cells.
        let node = m?.focusedKey == null ? null : m.collection.getItem(m.focusedKey);
        while (node && node.type !== 'item' && node.parentKey != null) node = m!.collection.getItem(node.parentKey);
        const key = node?.key;
        if (!m || key == null || !ids.has(String(key))) return;
        const list = listed.current;
        const at = list.findIndex((l) => l.id === key);
        const stays = (l: Leave) => !ids.has(l.id);
        const next = list.slice(at + 1).find(stays) ?? list.slice(0, Math.max(at, 0)).findLast(stays);
        m.setFocusedKey(next?.id ?? null);
      },
      firstRowInView() {
        const grid = document.querySelector('.approvals-pending');
        if (!grid) return null;
        const top = grid.getBoundingClientRect().top + WINDOWED.headingHeight;
        const shown = [...grid.querySelectorAll<HTMLElement>('.row')]
          .map((row) => ({ row, box: row.getBoundingClientRect() }))
          .filter(({ box }) => box.bottom > top)
          .sort((a, b) => a.box.top - b.box.top);
        return shown[0]?.row.querySelector<HTMLElement>('input[type="checkbox"]') ?? null;
      },
    }),
    [],
  );
  // The buttons' words are longer in some languages (Approuver, Ablehnen): their column takes what
  // one row of them measures, in the page's font, before the table is laid out with it.
  const intl = useIntl();
  const measured = useRef<HTMLDivElement>(null);
  const [actionsWidth, setActionsWidth] = useState(270);
  useLayoutEffect(() => {
    const width = measured.current?.scrollWidth;
    // The cell's padding on both sides, and a pixel for rounding.
    if (width) setActionsWidth(Math.max(200, Math.ceil(width) + 18));
  }, [intl.locale]);
  // The table itself changes only with the selection: ticking rows rebuilds no row's collection entry.
  const table = useMemo(() => {
    const onSelectionChange = (keys: Selection) => {
      const ids = new Set(listed.current.map((l) => l.id));
      if (keys === 'all') return onSelected(ids);
      // Pruned in place: react-aria's selection carries the anchor a shift-click extends from.
      const next = keys as Set<string>;
      for (const id of next) if (!ids.has(id)) next.delete(id);
      onSelected(next);
    };
    return (
      <Table
        aria-labelledby="pending-title"
        className="approvals-pending"
        windowed={WINDOWED}
        selectionMode="multiple"
        selectedKeys={selected as Set<string>}
        onSelectionChange={onSelectionChange}
      >
        {header(actionsWidth)}
        <PendingBody />
      </Table>
    );
  }, [selected, onSelected, actionsWidth]);

  const all = useMemo(
    () => ({
      ticked,
      listed: rows.length,
      onAll: (on: boolean) => onSelected(on ? new Set(listed.current.map((l) => l.id)) : new Set()),
    }),
    [ticked, rows.length, onSelected],
  );
  return (
    <ShownContext.Provider value={shown}>
      <AllContext.Provider value={all}>
        <BodyContext.Provider value={inputs}>{table}</BodyContext.Provider>
        <ActionWords ref={measured} />
      </AllContext.Provider>
    </ShownContext.Provider>
  );
});

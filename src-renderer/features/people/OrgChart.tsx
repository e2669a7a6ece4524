import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { ChartPerson } from '@shared/appApi';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import { Button, Empty, ErrorNote, Loading, useRowWindow } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';

const MESSAGES = {
  loading: defineMessage({ id: 'people.chart.loading', defaultMessage: 'Loading the organization chart…' }),
  tree: defineMessage({ id: 'people.chart.tree', defaultMessage: 'Organization chart' }),
  reports: defineMessage<{ count: number }>({
    id: 'people.chart.reports',
    defaultMessage: '{count, plural, one {# report} other {# reports}}',
  }),
};

interface Shape {
  byId: Map<string, ChartPerson>;
  children: Map<string, ChartPerson[]>;
  roots: ChartPerson[];
}

/** Who reports to whom; someone whose manager is not listed (none, or gone) is at the top. */
function shapeOf(people: readonly ChartPerson[]): Shape {
  const byId = new Map(people.map((p) => [p.id, p]));
  const children = new Map<string, ChartPerson[]>();
  const roots: ChartPerson[] = [];
  for (const p of people) {
    if (p.managerId && byId.has(p.managerId) && p.managerId !== p.id) {
      const list = children.get(p.managerId) ?? [];
      list.push(p);
      children.set(p.managerId, list);
    } else roots.push(p);
  }
  return { byId, children, roots };
}

interface Shown {
  person: ChartPerson;
  level: number;
  position: number;
  siblings: number;
  parent: string | null;
}

/** The rows the tree shows now: each expanded person's reports under them, in order. */
function visibleRows(shape: Shape, expanded: ReadonlySet<string>): Shown[] {
  const rows: Shown[] = [];
  const walk = (list: ChartPerson[], level: number, parent: string | null) => {
    list.forEach((person, i) => {
      rows.push({ person, level, position: i + 1, siblings: list.length, parent });
      const reports = shape.children.get(person.id);
      if (reports && expanded.has(person.id)) walk(reports, level + 1, person.id);
    });
  };
  walk(shape.roots, 1, null);
  return rows;
}

/** A line's mark: its branch open, closed, or none (marks every language draws the same). */
const TOGGLE = { open: '▾', closed: '▸', leaf: '·' };

/** Each person one line of a fixed height: only the lines near the visible part are in the page. */
const ROW_H = 32;

/**
 * The organization chart: a tree by manager, each person with their reports. Arrow keys move and
 * open or close a branch (as in a file tree), Page Up/Down by a screen, Home and End go to the
 * ends, Enter opens the person. The tree scrolls in a box of its own and draws the lines in view.
 */
export function OrgChart() {
  const intl = useIntl();
  const chart = useAppQuery('users.chart', undefined);
  const departments = useAppQuery('departments.list', undefined).data;
  const shape = useMemo(() => shapeOf(chart.data ?? []), [chart.data]);
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const open = useMemo(() => expanded ?? new Set(shape.roots.map((r) => r.id)), [expanded, shape]);
  const rows = useMemo(() => visibleRows(shape, open), [shape, open]);
  const [focused, setFocused] = useState<string | null>(null);
  const tree = useRef<HTMLUListElement>(null);
  const { scroller, range, measure, reveal } = useRowWindow<HTMLDivElement>(ROW_H, rows);
  /** A line the keyboard moved to: focused once it is drawn. */
  const moving = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = moving.current;
    if (!id) return;
    moving.current = null;
    tree.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  });
  const departmentName = new Map((departments ?? []).map((d) => [d.id, d.name]));

  if (chart.error) return <ErrorNote message={chart.error} onRetry={chart.reload} />;
  if (!chart.data) return <Loading label={intl.formatMessage(MESSAGES.loading)} />;
  if (chart.data.length === 0)
    return (
      <Empty>
        <FormattedMessage
          id="people.chart.empty"
          defaultMessage="No people on this computer yet: they arrive with the first sync."
        />
      </Empty>
    );

  const at = Math.max(
    0,
    rows.findIndex((r) => r.person.id === focused),
  );
  const current = rows[at]!;
  const shownRows = () => Math.max(1, Math.floor((scroller.current?.clientHeight ?? 320) / ROW_H) - 1);
  const focus = (id: string) => {
    const index = rows.findIndex((r) => r.person.id === id);
    if (index >= 0) reveal(index);
    moving.current = id;
    setFocused(id);
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(open);
    if (on) next.add(id);
    else next.delete(id);
    setExpanded(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const id = current.person.id;
    const hasReports = shape.children.has(id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => at < rows.length - 1 && focus(rows[at + 1]!.person.id),
      ArrowUp: () => at > 0 && focus(rows[at - 1]!.person.id),
      PageDown: () => focus(rows[Math.min(rows.length - 1, at + shownRows())]!.person.id),
      PageUp: () => focus(rows[Math.max(0, at - shownRows())]!.person.id),
      Home: () => focus(rows[0]!.person.id),
      End: () => focus(rows[rows.length - 1]!.person.id),
      ArrowRight: () => {
        if (hasReports && !open.has(id)) toggle(id, true);
        else if (hasReports) focus(shape.children.get(id)![0]!.id);
      },
      ArrowLeft: () => {
        if (hasReports && open.has(id)) toggle(id, false);
        else if (current.parent) focus(current.parent);
      },
      Enter: () => {
        location.hash = href('people', { person: id });
      },
    };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  };

  return (
    <div className="people-chart">
      <div className="people-chart-tools">
        <Button onPress={() => setExpanded(new Set(shape.children.keys()))}>
          <FormattedMessage id="people.chart.expandAll" defaultMessage="Expand all" />
        </Button>
        <Button onPress={() => setExpanded(new Set())}>
          <FormattedMessage id="people.chart.collapseAll" defaultMessage="Collapse all" />
        </Button>
        <span className="hint">
          <FormattedMessage
            id="people.chart.hint"
            defaultMessage="{count, plural, one {# people} other {# people}} · arrow keys move and open a branch, Enter opens a person"
            values={{ count: chart.data.length }}
          />
        </span>
      </div>
      <div className="people-tree-scroller" ref={scroller} onScroll={() => measure()}>
        <ul
          role="tree"
          aria-label={intl.formatMessage(MESSAGES.tree)}
          className="people-tree"
          ref={tree}
          onKeyDown={onKeyDown}
          style={{ height: rows.length * ROW_H }}
        >
          {drawn(rows.length, range, at).map((index) => {
            const row = rows[index]!;
            const { person } = row;
            const reports = shape.children.get(person.id);
            const isCurrent = row === current;
            return (
              <li
                key={person.id}
                role="treeitem"
                data-id={person.id}
                aria-level={row.level}
                aria-posinset={row.position}
                aria-setsize={row.siblings}
                aria-expanded={reports ? open.has(person.id) : undefined}
                aria-selected={isCurrent}
                tabIndex={isCurrent ? 0 : -1}
                className="people-tree-item"
                style={{ top: index * ROW_H, paddingInlineStart: `${(row.level - 1) * 1.5}rem` }}
                onFocus={() => setFocused(person.id)}
                onClick={() => {
                  setFocused(person.id);
                  if (reports) toggle(person.id, !open.has(person.id));
                }}
                onDoubleClick={() => {
                  location.hash = href('people', { person: person.id });
                }}
              >
                <span className="people-tree-toggle" aria-hidden="true">
                  {reports ? (open.has(person.id) ? TOGGLE.open : TOGGLE.closed) : TOGGLE.leaf}
                </span>
                <span className="people-tree-name">{person.name}</span>
                {person.departmentId && (
                  <span className="hint">
                    {SEPARATOR}
                    {departmentName.get(person.departmentId) ?? ''}
                  </span>
                )}
                {reports && (
                  <span className="hint">
                    {SEPARATOR}
                    {intl.formatMessage(MESSAGES.reports, { count: reports.length })}
                  </span>
                )}
                {person.status === 'INVITED' && (
                  <span className="badge">
                    {SPACE}
                    <FormattedMessage id="people.chart.invited" defaultMessage="invited" />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/** The lines drawn: those of the window, and the one holding the tab stop wherever it is. */
function drawn(count: number, range: { first: number; last: number }, current: number): number[] {
  const last = Math.min(range.last, count);
  const indexes: number[] = [];
  if (current < range.first) indexes.push(current);
  for (let i = Math.min(range.first, last); i < last; i++) indexes.push(i);
  if (current >= last && current < count) indexes.push(current);
  return indexes;
}

import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  TableLayout,
  Virtualizer,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import { SORT_DOWN, SORT_EITHER, SORT_UP } from './marks';

/**
 * A table: sortable columns, selectable rows, arrow keys between cells (one tab stop). `windowed`
 * renders only the rows in view (rows of one height; the table scrolls in a box of its own), for
 * lists of thousands.
 */
export function Table({
  windowed,
  ...props
}: TableProps & { windowed?: { rowHeight: number; headingHeight: number } }) {
  const table = (
    <AriaTable
      {...props}
      className={['table', windowed && 'table-windowed', props.className].filter(Boolean).join(' ')}
    />
  );
  return (
    <div className="table-wrap">
      {windowed ? (
        <Virtualizer layout={TableLayout} layoutOptions={windowed}>
          {table}
        </Virtualizer>
      ) : (
        table
      )}
    </div>
  );
}

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} />;
}

/** A column header; a sortable one shows which way it sorts (and says so through aria-sort). */
export function Column({ children, ...props }: Omit<ColumnProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaColumn {...props} className="column">
      {({ allowsSorting, sortDirection }) => (
        <span className="column-head">
          {children}
          {allowsSorting && (
            <span aria-hidden="true" className="sort-mark">
              {sortDirection === 'ascending' ? SORT_UP : sortDirection === 'descending' ? SORT_DOWN : SORT_EITHER}
            </span>
          )}
        </span>
      )}
    </AriaColumn>
  );
}

export function TableBody<T extends object>(props: TableBodyProps<T>) {
  return <AriaTableBody {...props} />;
}

export function Row<T extends object>(props: RowProps<T>) {
  return <AriaRow {...props} className={['row', props.className].filter(Boolean).join(' ')} />;
}

export function Cell(props: CellProps) {
  return <AriaCell {...props} className={['cell', props.className].filter(Boolean).join(' ')} />;
}

/**
 * The header of a plain `<table className="table">`: for read-only lists with no keyboard grid of
 * their own (their links and buttons are the tab stops).
 */
export function PlainHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col" className="column">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

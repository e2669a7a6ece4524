/** A cell of the wall chart's grid: row 0 the dates, 1 "People out", 2… the people; column 0 the names. */
export interface Spot {
  row: number;
  col: number;
}

/** How far the grid reaches: its last row and column, and how many rows a screen shows. */
export interface GridBounds {
  lastRow: number;
  lastCol: number;
  pageRows: number;
}

/**
 * Where a key moves the grid's focus from a cell: arrows by one, Home and End to the row's ends (with
 * Ctrl to the grid's corners), Page Up and Down by a screen, never into the heading rows by paging
 * from a person. Null for a key that does not move.
 */
export function moveInGrid(from: Spot, key: { key: string; ctrlKey?: boolean }, bounds: GridBounds): Spot | null {
  const { lastRow, lastCol, pageRows } = bounds;
  let { row, col } = from;
  switch (key.key) {
    case 'ArrowRight':
      col = Math.min(lastCol, col + 1);
      break;
    case 'ArrowLeft':
      col = Math.max(0, col - 1);
      break;
    case 'ArrowDown':
      row = Math.min(lastRow, row + 1);
      break;
    case 'ArrowUp':
      row = Math.max(0, row - 1);
      break;
    case 'Home':
      col = 0;
      if (key.ctrlKey) row = 0;
      break;
    case 'End':
      col = lastCol;
      if (key.ctrlKey) row = lastRow;
      break;
    case 'PageDown':
      row = Math.min(lastRow, row + pageRows);
      break;
    case 'PageUp':
      row = Math.max(row < 2 ? 0 : Math.min(row, 2), row - pageRows);
      break;
    default:
      return null;
  }
  return { row, col };
}

/** The column the grid's tab stop starts on: today's when the days shown hold it, else the first day's. */
export function startColumn(days: readonly string[], today: string): number {
  const at = days.indexOf(today);
  return at < 0 ? 1 : at + 1;
}

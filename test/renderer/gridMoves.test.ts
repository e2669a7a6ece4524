import { describe, expect, it } from 'vitest';
import { moveInGrid, startColumn } from '../../src-renderer/features/calendar/gridMoves';

// The wall chart's grid: rows 0 (dates) and 1 (people out), then people 2…11; columns 0 (names) and days 1…30.
const bounds = { lastRow: 11, lastCol: 30, pageRows: 4 };
const move = (row: number, col: number, key: string, ctrlKey = false) =>
  moveInGrid({ row, col }, { key, ctrlKey }, bounds);

describe("the wall chart's keyboard moves", () => {
  it('go one cell with the arrows, and stop at the edges', () => {
    expect(move(2, 1, 'ArrowRight')).toEqual({ row: 2, col: 2 });
    expect(move(2, 30, 'ArrowRight')).toEqual({ row: 2, col: 30 });
    expect(move(2, 0, 'ArrowLeft')).toEqual({ row: 2, col: 0 });
    expect(move(11, 5, 'ArrowDown')).toEqual({ row: 11, col: 5 });
    expect(move(0, 5, 'ArrowUp')).toEqual({ row: 0, col: 5 });
    expect(move(3, 5, 'ArrowUp')).toEqual({ row: 2, col: 5 });
  });

  it("go to a row's ends with Home and End, to the grid's corners with Ctrl", () => {
    expect(move(5, 12, 'Home')).toEqual({ row: 5, col: 0 });
    expect(move(5, 12, 'End')).toEqual({ row: 5, col: 30 });
    expect(move(5, 12, 'Home', true)).toEqual({ row: 0, col: 0 });
    expect(move(5, 12, 'End', true)).toEqual({ row: 11, col: 30 });
  });

  it('page by a screen, from a person never past the first person', () => {
    expect(move(2, 3, 'PageDown')).toEqual({ row: 6, col: 3 });
    expect(move(9, 3, 'PageDown')).toEqual({ row: 11, col: 3 });
    expect(move(9, 3, 'PageUp')).toEqual({ row: 5, col: 3 });
    expect(move(4, 3, 'PageUp')).toEqual({ row: 2, col: 3 });
    expect(move(1, 3, 'PageUp')).toEqual({ row: 0, col: 3 });
  });

  it('leave other keys alone', () => {
    expect(move(2, 3, 'Enter')).toBeNull();
    expect(move(2, 3, 'a')).toBeNull();
  });
});

describe("the wall chart's first tab stop", () => {
  const november = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

  it('is today when the days shown hold it, else the first day', () => {
    expect(startColumn(november, '2026-11-27')).toBe(27);
    expect(startColumn(november, '2026-11-01')).toBe(1);
    expect(startColumn(november, '2026-12-03')).toBe(1);
    expect(startColumn([], '2026-11-27')).toBe(1);
  });
});

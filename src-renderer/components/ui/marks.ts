// Marks the kit and the views draw the same in every language (signs, not words), kept out of the
// catalogs as SPACE and SEPARATOR are (src-renderer/i18n/punctuation.ts).

/** A list that opens below (a select, a combo box, a menu). */
export const CHEVRON = '▾';
/** A dialog's or a toast's close button (named "Close", "Dismiss"). */
export const TIMES = '×';
/** A checkbox ticked, or partly (some of its rows). */
export const TICK = '✓';
export const PARTLY = '–';
/** Between the start and the end of a range of dates. */
export const EN_DASH = '–';
/** A cell with nothing in it. */
export const NOTHING = '—';
/** A required field, to the eye. */
export const REQUIRED = '*';
/** A calendar button's icon. */
export const CALENDAR = '▦';
/** A month back, a month on. */
export const PREVIOUS = '‹';
export const NEXT = '›';
/** Which way a column sorts. */
export const SORT_UP = '▲';
export const SORT_DOWN = '▼';
export const SORT_EITHER = '↕';
/** A row's menu of actions. */
export const MORE = '⋯';
/** A link back. */
export const BACK = '←';

// Marks every language writes the same, kept out of the catalogs (the rule against literal text in
// JSX would otherwise flag them). The buttons that show one are named in words for who cannot see it.

/** Where there is no answer or no figure. */
export const NONE = '—';
/** Move up, move down, remove (an option, a person). */
export const UP = '↑';
export const DOWN = '↓';
export const REMOVE = '×';
/** The handle a question is dragged by. */
export const DRAG = '⠿';

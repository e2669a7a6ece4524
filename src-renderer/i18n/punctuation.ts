// Marks every language writes the same, kept out of the catalogs (the rule against literal text in
// JSX would otherwise flag a space between two messages).
export const SPACE = ' ';
/** Between the parts of a status line: "Live · 3 waiting". */
export const SEPARATOR = ' · ';

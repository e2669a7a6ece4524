// RFC 4180 CSV, safe to open in a spreadsheet.

/** Cells a spreadsheet would run as a formula get a leading quote (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number is written as one (a negative one is no formula); text that could start one is quoted. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** Lines end in CRLF as RFC 4180 says; a BOM lets spreadsheet programs read UTF-8. */
export function csvDocument(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map(csvRow).join('\r\n')}\r\n`;
}

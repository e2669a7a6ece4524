import type { QuestionType } from '../wire/enums';

/** The options of a several-choice answer (stored as a JSON array), or null when it is not one. */
function choices(value: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/**
 * An answer as people read it: several choices by their words joined by `separator`, yes and no as
 * such, the rest as given; '' for no answer.
 */
export function answerText(type: QuestionType, value: string | undefined, separator = ', '): string {
  if (value === undefined || value.trim() === '') return '';
  if (type === 'YES_NO') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value;
  if (type === 'MULTIPLE_CHOICE') return choices(value)?.join(separator) ?? value;
  return value;
}

const NUMERIC: readonly QuestionType[] = ['NUMBER', 'RATING', 'SCALE'];

/** An answer as a spreadsheet cell: numbers as numbers, choices joined by "; ", dates as YYYY-MM-DD. */
export function answerCell(type: QuestionType, value: string | undefined): string | number {
  if (value !== undefined && NUMERIC.includes(type) && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return answerText(type, value, '; ');
}

import type { FormResponse } from '@shared/wire';
import type { CacheDb } from '../cache/openCache';
import {
  formColumnsStamp,
  formResponses,
  readFormColumns,
  responsesStamp,
  writeFormColumns,
  type ResponsesStamp as Stamp,
} from './formStore';

/**
 * A form's cached responses as columns: one entry per response in each (its id, when it came, who
 * sent it) and, by question, each different answer once with a code per response (-1: not
 * answered, -2: not asked, a condition hid it). Counting codes is what the figures need; parsing 10,000 JSON records for each reading
 * was most of their cost. Kept in the cache beside the responses (stored when a sync writes them)
 * and in memory for the forms an admin moves between.
 */
export interface FormColumns {
  ids: string[];
  submittedAt: string[];
  /** The respondent's id, null when anonymous. */
  respondents: (string | null)[];
  questions: Record<string, { values: string[]; codes: number[] }>;
}

/** A response's code for a question it was not asked. */
export const NOT_ASKED = -2;

/** The columns, and the responses' stamp when they were built. */
interface Kept extends Stamp {
  columns: FormColumns;
}

/** Forms whose columns stay in memory: the ones an admin moves between. */
const KEEP = 3;
const kept = new WeakMap<CacheDb, Map<string, Kept>>();

const same = (a: Stamp, b: Stamp) => a.count === b.count && a.maxRowid === b.maxRowid;

/** The response added to the columns: a new entry in each, and its answers coded. */
function append(columns: FormColumns, r: FormResponse, codeOf: Map<string, Map<string, number>>): void {
  const at = columns.ids.length;
  columns.ids.push(r.id);
  columns.submittedAt.push(r.submittedAt);
  columns.respondents.push(r.respondent?.id ?? null);
  for (const { questionId, value } of r.answers) {
    let column = columns.questions[questionId];
    if (!column) {
      column = columns.questions[questionId] = { values: [], codes: new Array<number>(at).fill(-1) };
      codeOf.set(questionId, new Map());
    }
    const codes = codeOf.get(questionId)!;
    let code = codes.get(value);
    if (code === undefined) {
      code = column.values.length;
      column.values.push(value);
      codes.set(value, code);
    }
    column.codes[at] = code;
  }
  // Questions its other answers hid from it.
  for (const questionId of r.unasked ?? []) {
    const column = (columns.questions[questionId] ??= { values: [], codes: new Array<number>(at).fill(-1) });
    if (!codeOf.has(questionId)) codeOf.set(questionId, new Map());
    column.codes[at] = NOT_ASKED;
  }
  // A question this response left out.
  for (const column of Object.values(columns.questions)) if (column.codes.length <= at) column.codes.push(-1);
}

function codesOf(columns: FormColumns): Map<string, Map<string, number>> {
  const codeOf = new Map<string, Map<string, number>>();
  for (const [questionId, column] of Object.entries(columns.questions)) {
    codeOf.set(questionId, new Map(column.values.map((v, i) => [v, i])));
  }
  return codeOf;
}

/**
 * The columns brought up to date with the cached responses: those added since `from` was built
 * appended (only their JSON is read), or all built again when a response was changed or dropped.
 */
function update(db: CacheDb, formId: string, from: Kept | null, now: Stamp): FormColumns {
  if (from && now.count >= from.count) {
    const added = formResponses(db, formId, from.maxRowid);
    // Only additions: none of them replaced a response already counted.
    if (from.count + added.length === now.count) {
      const known = new Set(from.columns.ids);
      if (added.every((r) => !known.has(r.id))) {
        // In place: the entry it came from is replaced by this one at once.
        const { columns } = from;
        const codeOf = codesOf(columns);
        for (const r of added) append(columns, r, codeOf);
        return columns;
      }
    }
  }
  const columns: FormColumns = { ids: [], submittedAt: [], respondents: [], questions: {} };
  const codeOf = new Map<string, Map<string, number>>();
  for (const r of formResponses(db, formId)) append(columns, r, codeOf);
  return columns;
}

function stored(db: CacheDb, formId: string): Kept | null {
  const row = readFormColumns(db, formId);
  return row ? { count: row.count, maxRowid: row.maxRowid, columns: JSON.parse(row.json) as FormColumns } : null;
}

function remember(db: CacheDb, formId: string, entry: Kept): void {
  let forms = kept.get(db);
  if (!forms) kept.set(db, (forms = new Map()));
  // Most recently used last.
  forms.delete(formId);
  forms.set(formId, entry);
  while (forms.size > KEEP) forms.delete(forms.keys().next().value!);
}

/** A form's responses as columns, current with the cache: from memory, the stored copy, or built. */
export function formColumns(db: CacheDb, formId: string, now: Stamp = responsesStamp(db, formId)): FormColumns {
  const hit = kept.get(db)?.get(formId);
  if (hit && same(hit, now)) {
    remember(db, formId, hit);
    return hit.columns;
  }
  const from = hit ?? stored(db, formId);
  const columns = from && same(from, now) ? from.columns : update(db, formId, from, now);
  remember(db, formId, { ...now, columns });
  return columns;
}

/**
 * Stores the form's columns beside its responses, brought up to date: a sync calls it after it
 * wrote them, so the next reading starts from here rather than from every response's JSON.
 */
export function storeFormColumns(db: CacheDb, formId: string): void {
  const now = responsesStamp(db, formId);
  const row = formColumnsStamp(db, formId);
  if (row && same(row, now)) return;
  writeFormColumns(db, formId, now, JSON.stringify(formColumns(db, formId, now)));
}

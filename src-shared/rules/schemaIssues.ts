import type { z } from 'zod';
import { defineMessage } from '@formatjs/intl';
import { impossibleDate } from '../calendar/dates';
import { fieldWords } from './fieldWords';
import { issue as raise, raisedIn, type FieldIssue, type IssueValue } from './fieldIssue';
import { unstorableTextIssues } from './storableText';

/** `answers[0].value` from zod's path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const M = {
  noBody: defineMessage({ id: 'rules.body.missing', defaultMessage: 'The request has no body' }),
  wrongShape: defineMessage({ id: 'rules.body.shape', defaultMessage: 'The request body is not the right shape' }),
  enter: defineMessage<{ field: string }>({ id: 'rules.field.enter', defaultMessage: 'Enter {field}' }),
  choose: defineMessage<{ field: string }>({ id: 'rules.field.choose', defaultMessage: 'Choose {field}' }),
  number: defineMessage<{ field: string }>({ id: 'rules.field.number', defaultMessage: 'Enter {field} as a number' }),
  yesNo: defineMessage<{ field: string }>({ id: 'rules.field.yesNo', defaultMessage: 'Choose yes or no for {field}' }),
  invalid: defineMessage<{ field: string; plural: string }>({
    id: 'rules.field.invalid',
    defaultMessage: '{field} {plural, select, yes {are} other {is}} not valid',
  }),
  tooShort: defineMessage<{ field: string; plural: string }>({
    id: 'rules.field.tooShort',
    defaultMessage: '{field} {plural, select, yes {are} other {is}} too short',
  }),
  atLeastItems: defineMessage<{ field: string; min: string }>({
    id: 'rules.field.atLeastItems',
    defaultMessage: 'Choose at least {min} for {field}',
  }),
  negative: defineMessage<{ field: string }>({
    id: 'rules.field.negative',
    defaultMessage: '{field} cannot be negative',
  }),
  min: defineMessage<{ field: string; min: string }>({
    id: 'rules.field.min',
    defaultMessage: '{field} must be at least {min}',
  }),
  tooLong: defineMessage<{ field: string; plural: string; max: string }>({
    id: 'rules.field.tooLong',
    defaultMessage: '{field} {plural, select, yes {are} other {is}} too long: at most {max} characters',
  }),
  atMostItems: defineMessage<{ field: string; max: string }>({
    id: 'rules.field.atMostItems',
    defaultMessage: 'Choose at most {max} for {field}',
  }),
  max: defineMessage<{ field: string; max: string }>({
    id: 'rules.field.max',
    defaultMessage: '{field} must be at most {max}',
  }),
  date: defineMessage<{ field: string }>({
    id: 'rules.field.date',
    defaultMessage: 'Enter {field} as a date, such as 2026-03-02',
  }),
  impossibleDate: defineMessage<{ month: number; days: number }>({
    id: 'rules.date.impossible',
    defaultMessage: '{month, date, ::MMMMyyyy} has {days} days',
  }),
  format: defineMessage<{ field: string; plural: string }>({
    id: 'rules.field.format',
    defaultMessage: '{field} {plural, select, yes {are} other {is}} not written the way it should be',
  }),
  fromList: defineMessage<{ field: string }>({
    id: 'rules.field.fromList',
    defaultMessage: 'Choose {field} from the list',
  }),
  wholeNumber: defineMessage<{ field: string }>({
    id: 'rules.field.wholeNumber',
    defaultMessage: 'Enter {field} as a whole number',
  }),
};

/** A date no calendar has ("2027-02-30") in words, "February 2027 has 28 days", as a value of another issue; null for any other value. */
export function impossibleDateValue(value: unknown): { id: string; values: { month: number; days: number } } | null {
  const impossible = impossibleDate(value);
  // Mid-month at noon: the month is the same wherever its name is told.
  return impossible
    ? {
        id: M.impossibleDate.id,
        values: { month: Date.UTC(impossible.year, impossible.month - 1, 15, 12), days: impossible.days },
      }
    : null;
}

/** The issue of a date no calendar has ("2027-02-30"), or null for any other value. */
export function impossibleDateIssue(path: string, value: unknown): FieldIssue | null {
  const words = impossibleDateValue(value);
  return words && raise(path, M.impossibleDate, words.values);
}

/** One zod issue in words for people, from the field it concerns and what went wrong. */
function fieldIssue(issue: z.core.$ZodIssue, input: unknown): FieldIssue {
  const path = formatPath(issue.path);
  // Our own refinements are already written for people.
  if (issue.code === 'custom') return raisedIn(issue.params, path) ?? { path, message: issue.message };
  const said = (message: { id: string; defaultMessage: string }, params: Record<string, IssueValue> = {}) =>
    raise(path, message, params);
  // The whole input: a request with no body, or one of the wrong shape.
  if (issue.path.length === 0) return said(input === undefined ? M.noBody : M.wrongShape);
  const { name, kind, plural: many } = fieldWords(issue.path);
  const field = name;
  const plural = many ? 'yes' : 'no';
  const missing = () => said(kind === 'choice' || kind === 'list' || kind === 'switch' ? M.choose : M.enter, { field });
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return missing();
      if (issue.expected === 'number') return said(M.number, { field });
      if (issue.expected === 'boolean') return said(M.yesNo, { field });
      return said(M.invalid, { field, plural });
    case 'too_small':
      if (issue.origin === 'string') return isEmpty(value) ? missing() : said(M.tooShort, { field, plural });
      if (issue.origin === 'array') return said(M.atLeastItems, { field, min: String(issue.minimum) });
      if (Number(issue.minimum) === 0) return said(M.negative, { field });
      return said(M.min, { field, min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return said(M.tooLong, { field, plural, max: String(issue.maximum) });
      if (issue.origin === 'array') return said(M.atMostItems, { field, max: String(issue.maximum) });
      return said(M.max, { field, max: String(issue.maximum) });
    case 'invalid_format':
    case 'invalid_union':
      if (isEmpty(value)) return missing();
      if (kind === 'date') return impossibleDateIssue(path, value) ?? said(M.date, { field });
      return said(M.format, { field, plural });
    case 'invalid_value':
      return isEmpty(value) ? missing() : said(M.fromList, { field });
    case 'not_multiple_of':
      return said(M.wholeNumber, { field });
    default:
      return said(M.invalid, { field, plural });
  }
}

/** Every issue of a failed parse in words, one per field (the first issue of a field speaks for it). */
export function schemaIssues(error: z.ZodError, input: unknown): FieldIssue[] {
  const byPath = new Map<string, FieldIssue>();
  for (const issue of error.issues) {
    const path = formatPath(issue.path);
    if (!byPath.has(path)) byPath.set(path, fieldIssue(issue, input));
  }
  return [...byPath.values()];
}

/**
 * A parse with the rulebook's words: the data, or one issue per bad field. Text no store can keep
 * is refused first, wherever it is in the input, so it never reaches a query.
 */
export function parseWithRules<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; issues: FieldIssue[] } {
  const unstorable = unstorableTextIssues(input);
  if (unstorable.length) return { ok: false, issues: unstorable.map((i) => ({ ...i, path: formatPath(i.path) })) };
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: schemaIssues(result.error, input) };
}

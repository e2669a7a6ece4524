import type { z } from 'zod';
import { impossibleDateWords } from '../calendar/dates';
import { capitalize, fieldWords } from './fieldWords';
import type { FieldIssue } from './fieldIssue';
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

/** One zod issue in words for people, from the field it concerns and what went wrong. */
function sentence(issue: z.core.$ZodIssue, input: unknown): string {
  // Our own refinements are already written for people.
  if (issue.code === 'custom') return issue.message;
  // The whole input: a request with no body, or one of the wrong shape.
  if (issue.path.length === 0)
    return input === undefined ? 'The request has no body' : 'The request body is not the right shape';
  const { noun, kind, plural } = fieldWords(issue.path);
  const is = plural ? 'are' : 'is';
  const Noun = capitalize(noun);
  const missing = `${kind === 'choice' || kind === 'list' || kind === 'switch' ? 'Choose' : 'Enter'} ${noun}`;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return missing;
      if (issue.expected === 'number') return `Enter ${noun} as a number`;
      if (issue.expected === 'boolean') return `Choose yes or no for ${noun}`;
      return `${Noun} ${is} not valid`;
    case 'too_small':
      if (issue.origin === 'string') return isEmpty(value) ? missing : `${Noun} ${is} too short`;
      if (issue.origin === 'array') return `Choose at least ${String(issue.minimum)} for ${noun}`;
      if (Number(issue.minimum) === 0) return `${Noun} cannot be negative`;
      return `${Noun} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${Noun} ${is} too long: at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `Choose at most ${String(issue.maximum)} for ${noun}`;
      return `${Noun} must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
    case 'invalid_union':
      if (isEmpty(value)) return missing;
      if (kind === 'date') return impossibleDateWords(value) ?? `Enter ${noun} as a date, such as 2026-03-02`;
      return `${Noun} ${is} not written the way it should be`;
    case 'invalid_value':
      return isEmpty(value) ? missing : `Choose ${noun} from the list`;
    case 'not_multiple_of':
      return `Enter ${noun} as a whole number`;
    default:
      return `${Noun} ${is} not valid`;
  }
}

/** Every issue of a failed parse in words, one per field (the first issue of a field speaks for it). */
export function schemaIssues(error: z.ZodError, input: unknown): FieldIssue[] {
  const byPath = new Map<string, FieldIssue>();
  for (const issue of error.issues) {
    const path = formatPath(issue.path);
    if (!byPath.has(path)) byPath.set(path, { path, message: sentence(issue, input) });
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

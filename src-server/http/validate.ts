import type { z } from 'zod';
import type { ProblemError } from '../../src-shared/wire';
import { invalid } from './problem';

/** `answers[0].value` from zod's path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function problemErrors(error: z.ZodError): ProblemError[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

type Where = 'body' | 'query' | 'path';

/** Parse request input with a shared schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: Where): z.output<S> {
  const result = schema.safeParse(input ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const errors = problemErrors(result.error);
  const summary = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  throw invalid(errors, `Invalid ${where === 'path' ? 'path parameter' : where}: ${summary}`);
}

import type { z } from 'zod';
import { parseWithRules } from '@shared/rules';
import { invalid } from './problem';

/** Parse request input with a shared schema; a failure is a 400 naming each bad field in the rulebook's words. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'body' | 'query' | 'path',
): z.output<S> {
  const result = parseWithRules(schema, input ?? (where === 'body' ? undefined : {}));
  if (result.ok) return result.data;
  throw invalid(result.issues);
}

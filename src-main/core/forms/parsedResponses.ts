import type { FormResponse } from '../../../src-shared/wire';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

interface Kept {
  /** How many rows the form has and its newest rowid: any write to its responses changes it. */
  token: string;
  responses: FormResponse[];
}

/** Forms whose parsed responses stay in memory: the ones an admin moves between. */
const KEEP = 3;
const kept = new WeakMap<CacheDb, Map<string, Kept>>();

/**
 * A form's cached responses, parsed, latest first. Parsing 10,000 of them is most of what their
 * analytics cost, and a change of filter needs them all again: they stay parsed until a sync
 * writes to them.
 */
export function parsedResponses(db: CacheDb, formId: string): FormResponse[] {
  let forms = kept.get(db);
  if (!forms) kept.set(db, (forms = new Map()));
  const token = prepared(
    db,
    `SELECT COUNT(*) || ':' || IFNULL(MAX(rowid), 0) AS token FROM form_responses WHERE form_id = ?`,
  ).get(formId) as { token: string };
  const hit = forms.get(formId);
  if (hit?.token === token.token) {
    // Most recently used last.
    forms.delete(formId);
    forms.set(formId, hit);
    return hit.responses;
  }
  const rows = prepared(
    db,
    'SELECT json FROM form_responses WHERE form_id = ? ORDER BY submitted_at DESC, id DESC',
  ).all(formId) as { json: string }[];
  const responses = rows.map((r) => JSON.parse(r.json) as FormResponse);
  forms.delete(formId);
  forms.set(formId, { token: token.token, responses });
  while (forms.size > KEEP) forms.delete(forms.keys().next().value!);
  return responses;
}

import type { FormAnalytics, FormResponse } from '../../../src-shared/wire';
import type { CacheDb } from './openCache';
import { prepared } from './statements';

/** Where an assigned form stands in the service's order (the list keeps it). */
export function placeAssignedForm(db: CacheDb, id: string, position: number): void {
  prepared(db, 'UPDATE assigned_forms SET position = ? WHERE id = ?').run(position, id);
}

export function writeFormResponse(db: CacheDb, formId: string, r: FormResponse): void {
  prepared(db, 'INSERT OR REPLACE INTO form_responses (id, form_id, submitted_at, json) VALUES (?, ?, ?, ?)').run(
    r.id,
    formId,
    r.submittedAt,
    JSON.stringify(r),
  );
}

/** Drops a form's responses the service no longer has. */
export function keepOnlyFormResponses(db: CacheDb, formId: string, seen: ReadonlySet<string>): void {
  const drop = prepared(db, 'DELETE FROM form_responses WHERE id = ?');
  const kept = prepared(db, 'SELECT id FROM form_responses WHERE form_id = ?').all(formId) as { id: string }[];
  for (const { id } of kept) if (!seen.has(id)) drop.run(id);
}

export function writeFormAnalytics(db: CacheDb, formId: string, analytics: FormAnalytics): void {
  prepared(db, 'INSERT OR REPLACE INTO form_analytics (form_id, json) VALUES (?, ?)').run(
    formId,
    JSON.stringify(analytics),
  );
}

/** Responses and analytics of forms gone from the cache go with them. */
export function dropDataOfGoneForms(db: CacheDb): void {
  prepared(db, 'DELETE FROM form_responses WHERE form_id NOT IN (SELECT id FROM forms)').run();
  prepared(db, 'DELETE FROM form_analytics WHERE form_id NOT IN (SELECT id FROM forms)').run();
}

import type { FormAnalytics, FormResponse } from '@shared/wire';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

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
  prepared(db, 'DELETE FROM form_columns WHERE form_id NOT IN (SELECT id FROM forms)').run();
}

/** A person's answers to a form, as typed so far: question id → value. */
export type DraftAnswers = Record<string, string>;

export function saveDraft(db: CacheDb, formId: string, answers: DraftAnswers, at: string): void {
  prepared(
    db,
    `INSERT INTO form_drafts (form_id, answers, saved_at) VALUES (?, ?, ?)
     ON CONFLICT (form_id) DO UPDATE SET answers = excluded.answers, saved_at = excluded.saved_at`,
  ).run(formId, JSON.stringify(answers), at);
}

export function readDraft(db: CacheDb, formId: string): { answers: DraftAnswers; savedAt: string } | null {
  const row = prepared(db, 'SELECT answers, saved_at FROM form_drafts WHERE form_id = ?').get(formId) as
    { answers: string; saved_at: string } | undefined;
  return row ? { answers: JSON.parse(row.answers) as DraftAnswers, savedAt: row.saved_at } : null;
}

export function dropDraft(db: CacheDb, formId: string): void {
  prepared(db, 'DELETE FROM form_drafts WHERE form_id = ?').run(formId);
}

/** Answers sent from here; `answers` null for an anonymous form (this computer keeps no copy). */
export function recordSent(db: CacheDb, formId: string, answers: DraftAnswers | null, at: string): void {
  prepared(
    db,
    `INSERT INTO form_sent (form_id, answers, sent_at) VALUES (?, ?, ?)
     ON CONFLICT (form_id) DO UPDATE SET answers = excluded.answers, sent_at = excluded.sent_at`,
  ).run(formId, answers ? JSON.stringify(answers) : null, at);
}

export function readSent(db: CacheDb, formId: string): { answers: DraftAnswers | null; sentAt: string } | null {
  const row = prepared(db, 'SELECT answers, sent_at FROM form_sent WHERE form_id = ?').get(formId) as
    { answers: string | null; sent_at: string } | undefined;
  return row ? { answers: row.answers ? (JSON.parse(row.answers) as DraftAnswers) : null, sentAt: row.sent_at } : null;
}

/** When each form was last sent from here, and whether its answers were kept, for the list of one's forms. */
export function sentTimes(db: CacheDb): Map<string, { sentAt: string; kept: boolean }> {
  const rows = prepared(db, 'SELECT form_id, answers IS NOT NULL AS kept, sent_at FROM form_sent').all() as {
    form_id: string;
    kept: number;
    sent_at: string;
  }[];
  return new Map(rows.map((r) => [r.form_id, { sentAt: r.sent_at, kept: r.kept === 1 }]));
}

/** When each form with a draft was last saved, for the list of one's forms. */
export function draftTimes(db: CacheDb): Map<string, string> {
  const rows = prepared(db, 'SELECT form_id, saved_at FROM form_drafts').all() as {
    form_id: string;
    saved_at: string;
  }[];
  return new Map(rows.map((r) => [r.form_id, r.saved_at]));
}

import type { ListedForm, PageQuery } from '@shared/appApi';
import type { AssignedForm, Form, FormAnalytics, FormResponse, List } from '@shared/wire';
import { cachePage, Conditions, containing } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

/** The narrowing the list of forms may ask for: a status, a title containing `search`. */
export interface FormFilter {
  status?: Form['status'];
  search?: string;
}

/** A page of the forms, latest first, each with how many it was sent to (the service's analytics). */
export function formsPage(db: CacheDb, q: FormFilter & PageQuery): List<ListedForm> {
  const where = new Conditions('forms.json IS NOT NULL').equal('status', q.status);
  const search = q.search?.trim();
  if (search) where.and("title LIKE ? ESCAPE '\\'", containing(search));
  return cachePage<ListedForm>(db, {
    from: `FROM forms LEFT JOIN form_analytics AS a ON a.form_id = forms.id WHERE ${where.sql}`,
    json: "json_set(forms.json, '$.distributedCount', a.json ->> '$.distributedCount')",
    params: where.params,
    orderBy: 'created_at DESC, id DESC',
    page: q.page,
    pageSize: q.pageSize,
  });
}

/** How many people a form was sent to, as the service's analytics last said; null when unknown. */
export function distributedCount(db: CacheDb, formId: string): number | null {
  const row = prepared(
    db,
    "SELECT json ->> '$.distributedCount' AS distributed FROM form_analytics WHERE form_id = ?",
  ).get(formId) as { distributed: number | null } | undefined;
  return row?.distributed ?? null;
}

/** The forms sent to me, in the service's order. */
export function assignedForms(db: CacheDb): AssignedForm[] {
  const rows = prepared(db, 'SELECT json FROM assigned_forms WHERE json IS NOT NULL ORDER BY position, id').all() as {
    json: string;
  }[];
  return rows.map((r) => JSON.parse(r.json) as AssignedForm);
}

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

/** A page of a form's responses, latest first. */
export function responsesPage(db: CacheDb, formId: string, q: PageQuery): List<FormResponse> {
  return cachePage<FormResponse>(db, {
    from: 'FROM form_responses WHERE form_id = ?',
    json: 'json',
    params: [formId],
    orderBy: 'submitted_at DESC, id DESC',
    page: q.page,
    pageSize: q.pageSize,
  });
}

const parsed = (rows: unknown[]) => (rows as { json: string }[]).map((r) => JSON.parse(r.json) as FormResponse);

/** How a form's cached responses stand: their count and newest rowid (any write changes them). */
export interface ResponsesStamp {
  count: number;
  maxRowid: number;
}

export function responsesStamp(db: CacheDb, formId: string): ResponsesStamp {
  return prepared(
    db,
    'SELECT COUNT(*) AS count, IFNULL(MAX(rowid), 0) AS maxRowid FROM form_responses WHERE form_id = ?',
  ).get(formId) as ResponsesStamp;
}

/** A form's cached responses, all of them or those stored after rowid `after`. */
export function formResponses(db: CacheDb, formId: string, after?: number): FormResponse[] {
  return after === undefined
    ? parsed(prepared(db, 'SELECT json FROM form_responses WHERE form_id = ?').all(formId))
    : parsed(prepared(db, 'SELECT json FROM form_responses WHERE form_id = ? AND rowid > ?').all(formId, after));
}

/** A form's responses as columns (formColumns.ts), as last stored beside them, with the stamp they were built at. */
export function readFormColumns(db: CacheDb, formId: string): (ResponsesStamp & { json: string }) | undefined {
  return prepared(db, 'SELECT count, max_rowid AS maxRowid, json FROM form_columns WHERE form_id = ?').get(formId) as
    (ResponsesStamp & { json: string }) | undefined;
}

/** The stamp the stored columns of a form were built at, without them. */
export function formColumnsStamp(db: CacheDb, formId: string): ResponsesStamp | undefined {
  return prepared(db, 'SELECT count, max_rowid AS maxRowid FROM form_columns WHERE form_id = ?').get(formId) as
    ResponsesStamp | undefined;
}

export function writeFormColumns(db: CacheDb, formId: string, stamp: ResponsesStamp, json: string): void {
  prepared(db, 'INSERT OR REPLACE INTO form_columns (form_id, count, max_rowid, json) VALUES (?, ?, ?, ?)').run(
    formId,
    stamp.count,
    stamp.maxRowid,
    json,
  );
}

/** The people of a department the cache holds. */
export function departmentMembers(db: CacheDb, departmentId: string): string[] {
  return (prepared(db, 'SELECT id FROM users WHERE department_id = ?').all(departmentId) as { id: string }[]).map(
    (u) => u.id,
  );
}

/** The department of each of some people the cache holds in one (those in none are left out). */
export function departmentsOf(db: CacheDb, people: string[]): { person: string; id: string; name: string }[] {
  return prepared(
    db,
    `SELECT u.id AS person, d.id, d.name FROM json_each(?) AS p
     JOIN users u ON u.id = p.value JOIN departments d ON d.id = u.department_id`,
  ).all(JSON.stringify(people)) as { person: string; id: string; name: string }[];
}

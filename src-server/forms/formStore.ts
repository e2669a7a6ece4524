import {
  formStatusSchema,
  questionTypeSchema,
  type Form,
  type FormStatus,
  type List,
  type PublicForm,
  type Question,
  type Section,
  type ShowIf,
} from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import { Conditions, listMeta } from '../db/engine/pages';
import type { TenantDb } from '../db/tenantDb';

export interface FormRow {
  id: string;
  title: string;
  description: string | null;
  is_anonymous: number;
  require_authentication: number;
  allow_multiple_submissions: number;
  max_submissions: number | null;
  open_date: string | null;
  close_date: string | null;
  status: string;
  response_count: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface QuestionRow {
  id: string;
  form_id: string;
  type: string;
  label: string;
  description: string | null;
  required: number;
  options: string | null;
  min: number | null;
  max: number | null;
  min_label: string | null;
  max_label: string | null;
  position: number;
  show_if: string | null;
  section: string | null;
}

export const FORM_COLUMNS = `id, title, description, is_anonymous, require_authentication, allow_multiple_submissions,
  max_submissions, open_date, close_date, status, response_count, created_by, created_at, updated_at, version`;

const QUESTION_COLUMNS =
  'id, form_id, type, label, description, required, options, min, max, min_label, max_label, position, show_if, section';

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    type: questionTypeSchema.parse(row.type),
    label: row.label,
    description: row.description,
    required: row.required === 1,
    options: row.options ? (JSON.parse(row.options) as string[]) : null,
    min: row.min,
    max: row.max,
    minLabel: row.min_label,
    maxLabel: row.max_label,
    order: row.position,
    // Written by replaceQuestions from a checked form: read back as written.
    showIf: row.show_if ? (JSON.parse(row.show_if) as ShowIf) : null,
    section: row.section ? (JSON.parse(row.section) as Section) : null,
  };
}

export function toForm(row: FormRow, questions: Question[]): Form {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    isAnonymous: row.is_anonymous === 1,
    requireAuthentication: row.require_authentication === 1,
    allowMultipleSubmissions: row.allow_multiple_submissions === 1,
    maxSubmissions: row.max_submissions,
    openDate: row.open_date,
    closeDate: row.close_date,
    status: formStatusSchema.parse(row.status),
    questions,
    responseCount: row.response_count,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Questions of several forms in one query, by form id. */
export async function questionsOf(tenant: TenantDb, formIds: string[]): Promise<Map<string, Question[]>> {
  const byForm = new Map<string, Question[]>(formIds.map((id) => [id, []]));
  if (formIds.length === 0) return byForm;
  const rows = await tenant.all<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS.split(', ')
      .map((c) => `q.${c}`)
      .join(', ')}
     FROM json_each(:ids) AS f CROSS JOIN form_questions AS q
     WHERE q.organization_id = :org AND q.form_id = f.value
     ORDER BY q.form_id, q.position`,
    { ids: JSON.stringify(formIds) },
  );
  for (const row of rows) byForm.get(row.form_id)!.push(toQuestion(row));
  return byForm;
}

export async function findForm(tenant: TenantDb, id: string): Promise<Form | undefined> {
  const row = await tenant.get<FormRow>(`SELECT ${FORM_COLUMNS} FROM forms WHERE organization_id = :org AND id = :id`, {
    id,
  });
  return row && toForm(row, (await questionsOf(tenant, [row.id])).get(row.id)!);
}

/** A page of the organization's forms, newest first: of a status, with `search` in the title. */
export async function formPage(
  tenant: TenantDb,
  filter: { status?: FormStatus; search?: string },
  paging: { page: number; pageSize: number },
): Promise<List<Form>> {
  const { where, params } = new Conditions()
    .equal('status', 'status', filter.status)
    .search(['title'], filter.search)
    .clause();
  return tenant.transaction(async () => {
    const { total } = (await tenant.get<{ total: number }>(
      `SELECT COUNT(*) AS total FROM forms WHERE ${where}`,
      params,
    ))!;
    const rows = await tenant.all<FormRow>(
      `SELECT ${FORM_COLUMNS} FROM forms WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset`,
      { ...params, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize },
    );
    return { data: await withQuestions(tenant, rows), meta: listMeta(paging, total) };
  });
}

/** Forms from rows, each with its questions (one query for all). */
async function withQuestions(tenant: TenantDb, rows: FormRow[]): Promise<Form[]> {
  const questions = await questionsOf(
    tenant,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toForm(r, questions.get(r.id)!));
}

/** The published and closed forms sent to a person, the latest sent first. */
export async function formsSentTo(tenant: TenantDb, userId: string): Promise<Form[]> {
  const rows = await tenant.all<FormRow>(
    `SELECT ${FORM_COLUMNS.split(',')
      .map((c) => `f.${c.trim()}`)
      .join(', ')}
         FROM form_distributions AS d JOIN forms AS f ON f.id = d.form_id
         WHERE d.organization_id = :org AND d.user_id = :me AND f.organization_id = :org
           AND f.status IN ('PUBLISHED', 'CLOSED')
         ORDER BY d.distributed_at DESC, f.id`,
    { me: userId },
  );
  return withQuestions(tenant, rows);
}

/** The organization a form is of (service-wide: for answers sent without a token). */
export async function formOrganization(engine: Engine, formId: string): Promise<string | undefined> {
  const row = await engine.get<{ organization_id: string }>('SELECT organization_id FROM forms WHERE id = :formId', {
    formId,
  });
  return row?.organization_id;
}

/** How many responses a form has now (inside the transaction that adds one: its limit). */
export async function responseCountOf(tenant: TenantDb, formId: string): Promise<number> {
  const row = await tenant.get<{ response_count: number }>(
    'SELECT response_count FROM forms WHERE organization_id = :org AND id = :id',
    { id: formId },
  );
  return row!.response_count;
}

/** Whom a form is sent to: everyone employed on `today`, or these people and the members of these departments. */
export async function recipientIds(
  tenant: TenantDb,
  to: { all: boolean; userIds: readonly string[]; departmentIds: readonly string[] },
  today: string,
): Promise<string[]> {
  const rows = await tenant.all<{ id: string }>(
    `SELECT id FROM users WHERE organization_id = :org AND (end_date IS NULL OR end_date >= :today) AND (:all = 1
           OR id IN (SELECT value FROM json_each(:userIds))
           OR department_id IN (SELECT value FROM json_each(:departmentIds)))`,
    {
      all: to.all ? 1 : 0,
      userIds: JSON.stringify(to.userIds),
      departmentIds: JSON.stringify(to.departmentIds),
      today,
    },
  );
  return rows.map((r) => r.id);
}

/** A form as people who answer it see it: without the admin's counts. */
export function publicView(form: Form): PublicForm {
  const { responseCount: _r, createdBy: _c, ...rest } = form;
  return rest;
}

/** Stores a form as it stands: a new one, or the new state of one of the organization's. */
export async function writeForm(tenant: TenantDb, f: Form): Promise<void> {
  await tenant.run(
    `INSERT INTO forms (id, organization_id, title, description, is_anonymous, require_authentication,
       allow_multiple_submissions, max_submissions, open_date, close_date, status, response_count, created_by,
       created_at, updated_at, version)
     VALUES (:id, :org, :title, :description, :isAnonymous, :requireAuthentication, :allowMultipleSubmissions,
       :maxSubmissions, :openDate, :closeDate, :status, :responseCount, :createdBy, :createdAt, :updatedAt, :version)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description,
       is_anonymous = excluded.is_anonymous, require_authentication = excluded.require_authentication,
       allow_multiple_submissions = excluded.allow_multiple_submissions, max_submissions = excluded.max_submissions,
       open_date = excluded.open_date, close_date = excluded.close_date, status = excluded.status,
       updated_at = excluded.updated_at, version = excluded.version
     WHERE forms.organization_id = :org`,
    {
      ...f,
      isAnonymous: f.isAnonymous ? 1 : 0,
      requireAuthentication: f.requireAuthentication ? 1 : 0,
      allowMultipleSubmissions: f.allowMultipleSubmissions ? 1 : 0,
    },
  );
}

export async function deleteForm(tenant: TenantDb, id: string): Promise<void> {
  await tenant.run('DELETE FROM forms WHERE organization_id = :org AND id = :id', { id });
}

/** Replaces a form's questions with these, in their order. */
export async function replaceQuestions(tenant: TenantDb, formId: string, questions: Question[]): Promise<void> {
  await tenant.run('DELETE FROM form_questions WHERE organization_id = :org AND form_id = :formId', { formId });
  for (const q of questions) {
    await tenant.run(
      `INSERT INTO form_questions (id, organization_id, form_id, type, label, description, required, options, min,
         max, min_label, max_label, position, show_if, section)
       VALUES (:id, :org, :formId, :type, :label, :description, :required, :options, :min, :max, :minLabel,
         :maxLabel, :position, :showIf, :section)`,
      {
        id: q.id,
        formId,
        type: q.type,
        label: q.label,
        description: q.description ?? null,
        required: q.required ? 1 : 0,
        options: q.options ? JSON.stringify(q.options) : null,
        min: q.min ?? null,
        max: q.max ?? null,
        minLabel: q.minLabel ?? null,
        maxLabel: q.maxLabel ?? null,
        position: q.order,
        showIf: q.showIf ? JSON.stringify(q.showIf) : null,
        section: q.section ? JSON.stringify(q.section) : null,
      },
    );
  }
}

/** Sends a form to a person (again: nothing changes). */
export async function insertDistribution(tenant: TenantDb, formId: string, userId: string, at: string): Promise<void> {
  await tenant.run(
    `INSERT INTO form_distributions (organization_id, form_id, user_id, distributed_at)
     VALUES (:org, :formId, :userId, :at) ON CONFLICT DO NOTHING`,
    { formId, userId, at },
  );
}

import { formStatusSchema, questionTypeSchema, type Form, type PublicForm, type Question } from '../../src-shared/wire';
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
}

export const FORM_COLUMNS = `id, title, description, is_anonymous, require_authentication, allow_multiple_submissions,
  max_submissions, open_date, close_date, status, response_count, created_by, created_at, updated_at, version`;

const QUESTION_COLUMNS =
  'id, form_id, type, label, description, required, options, min, max, min_label, max_label, position';

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
export function questionsOf(tenant: TenantDb, formIds: string[]): Map<string, Question[]> {
  const byForm = new Map<string, Question[]>(formIds.map((id) => [id, []]));
  if (formIds.length === 0) return byForm;
  const rows = tenant.all<QuestionRow>(
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

export function findForm(tenant: TenantDb, id: string): Form | undefined {
  const row = tenant.get<FormRow>(`SELECT ${FORM_COLUMNS} FROM forms WHERE organization_id = :org AND id = :id`, {
    id,
  });
  return row && toForm(row, questionsOf(tenant, [row.id]).get(row.id)!);
}

/** A form as people who answer it see it: without the admin's counts. */
export function publicView(form: Form): PublicForm {
  const { responseCount: _r, createdBy: _c, ...rest } = form;
  return rest;
}

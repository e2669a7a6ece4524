import { formStatusSchema, questionTypeSchema, type Form, type PublicForm, type Question } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { RECENT_TEXTS, type FormTally, type QuestionTally } from '@shared/records/formAnalytics';

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
         max, min_label, max_label, position)
       VALUES (:id, :org, :formId, :type, :label, :description, :required, :options, :min, :max, :minLabel,
         :maxLabel, :position)`,
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

/** Who has answered an anonymous form, kept only as a hash so one answer each can be held to. */
export async function insertSubmitter(tenant: TenantDb, formId: string, hash: string): Promise<void> {
  await tenant.run(
    'INSERT INTO form_submitters (organization_id, form_id, submitter_hash) VALUES (:org, :formId, :h)',
    {
      formId,
      h: hash,
    },
  );
}

/** A stored answer: its text, and its number for the questions that take one. */
export interface StoredAnswer {
  questionId: string;
  value: string;
  number: number | null;
}

/**
 * Stores a response and its answers, and counts it on its form (a derived count: not an edit of the
 * form, so neither its version nor updatedAt moves).
 */
export async function insertResponse(
  tenant: TenantDb,
  r: { id: string; formId: string; respondentId: string | null; submittedAt: string },
  answers: readonly StoredAnswer[],
): Promise<void> {
  await tenant.run(
    `INSERT INTO form_responses (id, organization_id, form_id, respondent_id, submitted_at)
     VALUES (:id, :org, :formId, :respondentId, :submittedAt)`,
    r,
  );
  for (const a of answers) {
    await tenant.run(
      `INSERT INTO form_answers (organization_id, response_id, form_id, question_id, value, number)
       VALUES (:org, :responseId, :formId, :questionId, :value, :number)`,
      { responseId: r.id, formId: r.formId, ...a },
    );
  }
  await tenant.run('UPDATE forms SET response_count = response_count + 1 WHERE organization_id = :org AND id = :id', {
    id: r.formId,
  });
}

/** A form's answers counted in SQL: each question's different answers, and a text question's latest. */
export async function formTally(tenant: TenantDb, form: Form): Promise<FormTally> {
  const formId = form.id;
  const questions: Record<string, QuestionTally> = {};
  for (const row of await tenant.all<{ questionId: string; value: string; count: number }>(
    `SELECT question_id AS questionId, value, COUNT(*) AS count FROM form_answers
     WHERE organization_id = :org AND form_id = :formId GROUP BY question_id, value`,
    { formId },
  )) {
    (questions[row.questionId] ??= { values: [], latest: [] }).values.push({ value: row.value, count: row.count });
  }
  for (const q of form.questions) {
    if ((q.type !== 'TEXT' && q.type !== 'TEXTAREA') || !questions[q.id]) continue;
    questions[q.id]!.latest = (
      await tenant.all<{ value: string }>(
        `SELECT a.value FROM form_answers AS a JOIN form_responses AS r ON r.id = a.response_id
         WHERE a.organization_id = :org AND a.form_id = :formId AND a.question_id = :q
         ORDER BY r.submitted_at DESC, r.id DESC LIMIT :take`,
        { formId, q: q.id, take: RECENT_TEXTS },
      )
    ).map((t) => t.value);
  }
  return {
    responseCount: form.responseCount,
    distributedCount: (await tenant.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM form_distributions WHERE organization_id = :org AND form_id = :formId',
      { formId },
    ))!.n,
    responsesByDay: await tenant.all<{ date: string; count: number }>(
      `SELECT substr(submitted_at, 1, 10) AS date, COUNT(*) AS count FROM form_responses
       WHERE organization_id = :org AND form_id = :formId GROUP BY date ORDER BY date`,
      { formId },
    ),
    questions,
  };
}

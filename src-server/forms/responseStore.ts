import type { Form } from '@shared/wire';
import { RECENT_TEXTS, type FormTally, type QuestionTally } from '@shared/records/formAnalytics';
import type { TenantDb } from '../db/tenantDb';

// A form's responses: who answered (by hash, for an anonymous form), the responses, their answers.

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
  /** The questions it was not asked. */
  unasked: readonly string[] = [],
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
  for (const questionId of unasked) {
    await tenant.run(
      `INSERT INTO form_unasked (organization_id, response_id, form_id, question_id)
       VALUES (:org, :responseId, :formId, :questionId)`,
      { responseId: r.id, formId: r.formId, questionId },
    );
  }
  await tenant.run('UPDATE forms SET response_count = response_count + 1 WHERE organization_id = :org AND id = :id', {
    id: r.formId,
  });
}

export async function hasSubmitter(tenant: TenantDb, formId: string, hash: string): Promise<boolean> {
  const row = await tenant.get(
    'SELECT 1 FROM form_submitters WHERE organization_id = :org AND form_id = :formId AND submitter_hash = :h',
    { formId, h: hash },
  );
  return row !== undefined;
}

/** When a person last answered a form that keeps its respondents; null when they have not. */
export async function lastSubmission(tenant: TenantDb, formId: string, userId: string): Promise<string | null> {
  const row = await tenant.get<{ at: string | null }>(
    `SELECT MAX(submitted_at) AS at FROM form_responses
       WHERE organization_id = :org AND form_id = :formId AND respondent_id = :userId`,
    { formId, userId },
  );
  return row?.at ?? null;
}

export interface ResponseRow {
  id: string;
  submitted_at: string;
  respondent_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/**
 * The order responses are read in. An anonymous form's go by day only, in an order within the day
 * that says nothing of the time (the random end of their ids).
 */
function ordering(anonymous: boolean, order: 'newest' | 'oldest'): string {
  const way = order === 'newest' ? 'DESC' : 'ASC';
  return anonymous
    ? `substr(r.submitted_at, 1, 10) ${way}, substr(r.id, 15) ${way}`
    : `r.submitted_at ${way}, r.id ${way}`;
}

/** A form's responses with their respondents (those still in the organization), all or a page. */
export async function responseRows(
  tenant: TenantDb,
  form: Pick<Form, 'id' | 'isAnonymous'>,
  order: 'newest' | 'oldest',
  page?: { limit: number; offset: number },
): Promise<ResponseRow[]> {
  return tenant.all<ResponseRow>(
    `SELECT r.id, r.submitted_at, r.respondent_id, u.first_name, u.last_name, u.email
     FROM form_responses AS r LEFT JOIN users AS u ON u.id = r.respondent_id AND u.organization_id = :org
     WHERE r.organization_id = :org AND r.form_id = :formId
     ORDER BY ${ordering(form.isAnonymous, order)}
     ${page ? 'LIMIT :limit OFFSET :offset' : ''}`,
    { formId: form.id, ...page },
  );
}

/** The answers of these responses, in no order. */
export async function answersOf(
  tenant: TenantDb,
  responseIds: readonly string[],
): Promise<{ response_id: string; question_id: string; value: string }[]> {
  return tenant.all(
    `SELECT a.response_id, a.question_id, a.value FROM json_each(:ids) AS r CROSS JOIN form_answers AS a
     WHERE a.response_id = r.value AND a.organization_id = :org`,
    { ids: JSON.stringify(responseIds) },
  );
}

/** The questions these responses were not asked, in no order. */
export async function unaskedOf(
  tenant: TenantDb,
  responseIds: readonly string[],
): Promise<{ response_id: string; question_id: string }[]> {
  return tenant.all(
    `SELECT u.response_id, u.question_id FROM json_each(:ids) AS r CROSS JOIN form_unasked AS u
     WHERE u.response_id = r.value AND u.organization_id = :org`,
    { ids: JSON.stringify(responseIds) },
  );
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
    unasked: Object.fromEntries(
      (
        await tenant.all<{ questionId: string; n: number }>(
          `SELECT question_id AS questionId, COUNT(*) AS n FROM form_unasked
           WHERE organization_id = :org AND form_id = :formId GROUP BY question_id`,
          { formId },
        )
      ).map((r) => [r.questionId, r.n]),
    ),
  };
}

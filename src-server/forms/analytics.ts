import type { Form, FormAnalytics } from '../../src-shared/wire';
import { analyticsOf, RECENT_TEXTS, type FormTally, type QuestionTally } from '../../src-shared/records/formAnalytics';
import type { TenantDb } from '../db/tenantDb';

/** A form's answers counted in SQL: each question's different answers, and a text question's latest. */
export function formTally(tenant: TenantDb, form: Form): FormTally {
  const formId = form.id;
  const questions: Record<string, QuestionTally> = {};
  for (const row of tenant.all<{ questionId: string; value: string; count: number }>(
    `SELECT question_id AS questionId, value, COUNT(*) AS count FROM form_answers
     WHERE organization_id = :org AND form_id = :formId GROUP BY question_id, value`,
    { formId },
  )) {
    (questions[row.questionId] ??= { values: [], latest: [] }).values.push({ value: row.value, count: row.count });
  }
  for (const q of form.questions) {
    if ((q.type !== 'TEXT' && q.type !== 'TEXTAREA') || !questions[q.id]) continue;
    questions[q.id]!.latest = tenant
      .all<{ value: string }>(
        `SELECT a.value FROM form_answers AS a JOIN form_responses AS r ON r.id = a.response_id
         WHERE a.organization_id = :org AND a.form_id = :formId AND a.question_id = :q
         ORDER BY r.submitted_at DESC, r.id DESC LIMIT :take`,
        { formId, q: q.id, take: RECENT_TEXTS },
      )
      .map((t) => t.value);
  }
  return {
    responseCount: form.responseCount,
    distributedCount: tenant.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM form_distributions WHERE organization_id = :org AND form_id = :formId',
      { formId },
    )!.n,
    responsesByDay: tenant.all<{ date: string; count: number }>(
      `SELECT substr(submitted_at, 1, 10) AS date, COUNT(*) AS count FROM form_responses
       WHERE organization_id = :org AND form_id = :formId GROUP BY date ORDER BY date`,
      { formId },
    ),
    questions,
  };
}

/** The analytics of the forms contract, from the one definition, fed in one transaction. */
export function formAnalytics(tenant: TenantDb, form: Form): FormAnalytics {
  return analyticsOf(
    form,
    tenant.transaction(() => formTally(tenant, form)),
  );
}

import { SMALLEST_ANONYMOUS_GROUP, type AnalyticsFilter, type FormInsights } from '../../../src-shared/appApi';
import { addDays } from '../../../src-shared/calendar/dates';
import { analyticsOf, type AnalysedResponse } from '../../../src-shared/records/formAnalytics';
import type { Form, FormAnalytics } from '../../../src-shared/wire';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

const RESPONDENT = "json ->> '$.respondent.id'";

/** The responses a filter keeps, in SQL over `form_responses r`; a department never for an anonymous form. */
function responseFilter(form: Form, filter: AnalyticsFilter) {
  const where = ['r.form_id = ?'];
  const params: unknown[] = [form.id];
  if (filter.from) {
    where.push('r.submitted_at >= ?');
    params.push(`${filter.from}T00:00:00.000Z`);
  }
  if (filter.to) {
    where.push('r.submitted_at < ?');
    params.push(`${addDays(filter.to, 1)}T00:00:00.000Z`);
  }
  const byDepartment = !form.isAnonymous && !!filter.departmentId;
  if (byDepartment) {
    where.push(`r.${RESPONDENT} IN (SELECT id FROM users WHERE department_id = ?)`);
    params.push(filter.departmentId);
  }
  return { where: where.join(' AND '), params, filtered: !!(filter.from || filter.to || byDepartment) };
}

/** A text question's answers within a filter, newest first, those containing `search` (any case). */
export function textAnswers(
  db: CacheDb,
  form: Form,
  questionId: string,
  search: string,
  filter: AnalyticsFilter,
  limit = 50,
): { answers: { value: string; submittedAt: string }[]; total: number } {
  const { where, params } = responseFilter(form, filter);
  const from = `FROM form_responses r, json_each(r.json, '$.answers') AS a
    WHERE ${where} AND a.value ->> '$.questionId' = ? AND instr(lower(a.value ->> '$.value'), lower(?)) > 0`;
  const args = [...params, questionId, search.trim()];
  return db.transaction(() => ({
    total: (prepared(db, `SELECT COUNT(*) AS n ${from}`).get(...args) as { n: number }).n,
    answers: prepared(
      db,
      `SELECT a.value ->> '$.value' AS value, r.submitted_at AS submittedAt ${from}
       ORDER BY r.submitted_at DESC, r.id DESC LIMIT ?`,
    ).all(...args, limit) as { value: string; submittedAt: string }[],
  }))();
}

/**
 * A form's analytics from the responses cached here: the same rules as the service's, so the
 * figures match it unfiltered, and filters (dates, a department) work offline. An anonymous form
 * offers no department, and its figures for a group under SMALLEST_ANONYMOUS_GROUP are withheld.
 */
export function formInsights(db: CacheDb, form: Form, filter: AnalyticsFilter): FormInsights {
  return db.transaction((): FormInsights => {
    const service = prepared(db, 'SELECT json FROM form_analytics WHERE form_id = ?').get(form.id) as
      { json: string } | undefined;
    const distributed = service ? (JSON.parse(service.json) as FormAnalytics).distributedCount : 0;
    const span = prepared(
      db,
      'SELECT substr(MIN(submitted_at), 1, 10) AS first, substr(MAX(submitted_at), 1, 10) AS last FROM form_responses WHERE form_id = ?',
    ).get(form.id) as { first: string | null; last: string | null };
    const departments = form.isAnonymous
      ? []
      : (prepared(
          db,
          `SELECT d.id, d.name, COUNT(*) AS responses
           FROM form_responses r JOIN users u ON u.id = r.${RESPONDENT} JOIN departments d ON d.id = u.department_id
           WHERE r.form_id = ? GROUP BY d.id ORDER BY d.name`,
        ).all(form.id) as FormInsights['departments']);

    const { where, params, filtered } = responseFilter(form, filter);
    const rows = prepared(
      db,
      `SELECT json ->> '$.id' AS id, submitted_at, json ->> '$.answers' AS answers FROM form_responses r
       WHERE ${where}`,
    ).all(...params) as { id: string; submitted_at: string; answers: string }[];
    const responses: AnalysedResponse[] = rows.map((r) => ({
      id: r.id,
      submittedAt: r.submitted_at,
      answers: JSON.parse(r.answers) as AnalysedResponse['answers'],
    }));
    const common = {
      filtered,
      departments,
      span: span.first && span.last ? { first: span.first, last: span.last } : null,
    };
    if (form.isAnonymous && filtered && responses.length > 0 && responses.length < SMALLEST_ANONYMOUS_GROUP) {
      return {
        ...common,
        analytics: null,
        withheld: `Fewer than ${SMALLEST_ANONYMOUS_GROUP} answers in these dates: this form is anonymous, so they are not shown apart`,
      };
    }
    return { ...common, analytics: analyticsOf(form, responses, distributed), withheld: null };
  })();
}

import type { Form, FormAnalytics, Question, QuestionAnalytics } from '../../src-shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { isNpsScale, npsOf, percentOf as percent, roundTo as round } from '../../src-shared/records/formAnalytics';
import { topWords } from '../../src-shared/records/topWords';

interface Ctx {
  tenant: TenantDb;
  formId: string;
  responseCount: number;
}

function answeredCount(ctx: Ctx, q: Question): number {
  return ctx.tenant.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM form_answers WHERE organization_id = :org AND form_id = :formId AND question_id = :q',
    { formId: ctx.formId, q: q.id },
  )!.n;
}

function numeric(ctx: Ctx, q: Question) {
  const params = { formId: ctx.formId, q: q.id };
  const where = 'organization_id = :org AND form_id = :formId AND question_id = :q AND number IS NOT NULL';
  const stats = ctx.tenant.get<{ n: number; mean: number | null; min: number | null; max: number | null }>(
    `SELECT COUNT(*) AS n, AVG(number) AS mean, MIN(number) AS min, MAX(number) AS max FROM form_answers WHERE ${where}`,
    params,
  )!;
  // The median from at most two middle rows, read along the (question, number) index.
  const middle = ctx.tenant.all<{ number: number }>(
    `SELECT number FROM form_answers WHERE ${where} ORDER BY number LIMIT :take OFFSET :skip`,
    { ...params, take: stats.n % 2 === 0 ? 2 : 1, skip: Math.max(0, Math.floor((stats.n - 1) / 2)) },
  );
  const median = middle.length ? middle.reduce((s, r) => s + r.number, 0) / middle.length : null;
  const distribution = ctx.tenant.all<{ value: number; count: number }>(
    `SELECT number AS value, COUNT(*) AS count FROM form_answers WHERE ${where} GROUP BY number ORDER BY number`,
    params,
  );
  return {
    answered: stats.n,
    mean: stats.mean === null ? null : round(stats.mean, 2),
    median,
    min: stats.min,
    max: stats.max,
    distribution,
  };
}

function questionAnalytics(ctx: Ctx, q: Question): QuestionAnalytics {
  const base = { questionId: q.id, label: q.label };
  const params = { formId: ctx.formId, q: q.id };
  const withCounts = (answered: number) => ({ ...base, answered, skipped: ctx.responseCount - answered });
  switch (q.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const answered = answeredCount(ctx, q);
      // A single choice is the value itself; a multiple choice is a JSON array, unpacked in SQL.
      const counts = ctx.tenant.all<{ option: string; count: number }>(
        q.type === 'SINGLE_CHOICE'
          ? `SELECT value AS option, COUNT(*) AS count FROM form_answers
             WHERE organization_id = :org AND form_id = :formId AND question_id = :q GROUP BY value`
          : `SELECT j.value AS option, COUNT(*) AS count FROM form_answers AS a, json_each(a.value) AS j
             WHERE a.organization_id = :org AND a.form_id = :formId AND a.question_id = :q GROUP BY j.value`,
        params,
      );
      const byOption = new Map(counts.map((c) => [c.option, c.count]));
      return {
        ...withCounts(answered),
        type: q.type,
        // Percent of those who answered: for MULTIPLE_CHOICE the percents may add up past 100.
        options: (q.options ?? []).map((option) => {
          const count = byOption.get(option) ?? 0;
          return { option, count, percent: percent(count, answered) };
        }),
      };
    }
    case 'NUMBER':
    case 'RATING': {
      const { answered, ...stats } = numeric(ctx, q);
      return { ...withCounts(answered), type: q.type, ...stats };
    }
    case 'SCALE': {
      const { answered, ...stats } = numeric(ctx, q);
      if (!isNpsScale(q)) return { ...withCounts(answered), type: 'SCALE', ...stats };
      return { ...withCounts(answered), type: 'SCALE', ...stats, nps: npsOf(stats.distribution, answered) };
    }
    case 'YES_NO': {
      const row = ctx.tenant.get<{ yes: number; no: number }>(
        `SELECT COUNT(*) FILTER (WHERE value = 'yes') AS yes, COUNT(*) FILTER (WHERE value = 'no') AS no
         FROM form_answers WHERE organization_id = :org AND form_id = :formId AND question_id = :q`,
        params,
      )!;
      return { ...withCounts(row.yes + row.no), type: 'YES_NO', yes: row.yes, no: row.no };
    }
    case 'TEXT':
    case 'TEXTAREA': {
      const texts = ctx.tenant.all<{ value: string }>(
        `SELECT a.value FROM form_answers AS a JOIN form_responses AS r ON r.id = a.response_id
         WHERE a.organization_id = :org AND a.form_id = :formId AND a.question_id = :q
         ORDER BY r.submitted_at DESC, r.id DESC`,
        params,
      );
      return {
        ...withCounts(texts.length),
        type: q.type,
        recent: texts.slice(0, 20).map((t) => t.value),
        topWords: topWords(texts.map((t) => t.value)),
      };
    }
    case 'DATE': {
      const row = ctx.tenant.get<{ n: number; earliest: string | null; latest: string | null }>(
        `SELECT COUNT(*) AS n, MIN(value) AS earliest, MAX(value) AS latest FROM form_answers
         WHERE organization_id = :org AND form_id = :formId AND question_id = :q`,
        params,
      )!;
      return { ...withCounts(row.n), type: 'DATE', earliest: row.earliest, latest: row.latest };
    }
  }
}

/** The analytics CONTRACT lists, per question type; all read in one transaction. */
export function formAnalytics(tenant: TenantDb, form: Form): FormAnalytics {
  return tenant.transaction(() => {
    const formId = form.id;
    const responseCount = form.responseCount;
    const distributedCount = tenant.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM form_distributions WHERE organization_id = :org AND form_id = :formId',
      { formId },
    )!.n;
    const responsesByDay = tenant.all<{ date: string; count: number }>(
      `SELECT substr(submitted_at, 1, 10) AS date, COUNT(*) AS count FROM form_responses
       WHERE organization_id = :org AND form_id = :formId GROUP BY date ORDER BY date`,
      { formId },
    );
    const ctx: Ctx = { tenant, formId, responseCount };
    return {
      formId,
      responseCount,
      distributedCount,
      // Percent of the people the form was sent to; capped, since open forms take answers from others too.
      completionRate: distributedCount === 0 ? null : Math.min(100, percent(responseCount, distributedCount)),
      responsesByDay,
      questions: form.questions.map((q) => questionAnalytics(ctx, q)),
    };
  });
}

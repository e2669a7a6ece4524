import type { Question, QuestionInput } from '../../src-shared/wire';
import { RATING_RANGE, SCALE_DEFAULT_RANGE } from '../../src-shared/wire';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { invalid } from '../http/problem';

/**
 * Questions as stored: ids kept for questions that already belong to the form, new ids for the
 * rest, order by position unless given, and the fixed ranges of RATING and SCALE filled in.
 */
export function normalizeQuestions(inputs: QuestionInput[], existing: Question[]): Question[] {
  const known = new Set(existing.map((q) => q.id));
  const seen = new Set<string>();
  const errors: { path: string; message: string }[] = [];
  const questions = inputs.map((q, i): Question => {
    if (q.id !== undefined) {
      if (!known.has(q.id)) errors.push({ path: `questions[${i}].id`, message: 'Not a question of this form' });
      if (seen.has(q.id)) errors.push({ path: `questions[${i}].id`, message: 'Appears twice' });
      seen.add(q.id);
    }
    const range =
      q.type === 'RATING'
        ? RATING_RANGE
        : q.type === 'SCALE'
          ? { min: q.min ?? SCALE_DEFAULT_RANGE.min, max: q.max ?? SCALE_DEFAULT_RANGE.max }
          : { min: q.min ?? null, max: q.max ?? null };
    return {
      id: q.id ?? newId(),
      type: q.type,
      label: q.label,
      description: q.description ?? null,
      required: q.required,
      options: q.type === 'SINGLE_CHOICE' || q.type === 'MULTIPLE_CHOICE' ? (q.options ?? []) : null,
      min: range.min,
      max: range.max,
      order: q.order ?? i,
    };
  });
  if (errors.length) throw invalid(errors);
  return questions.sort((a, b) => a.order - b.order).map((q, i) => ({ ...q, order: i }));
}

/** Whether two question lists ask the same things (a no-op rewrite is allowed on a form with responses). */
export function sameQuestions(a: Question[], b: Question[]): boolean {
  const strip = (qs: Question[]) =>
    JSON.stringify(qs.map((q) => ({ ...q, description: q.description ?? null, options: q.options ?? null })));
  return strip(a) === strip(b);
}

export function replaceQuestions(tenant: TenantDb, formId: string, questions: Question[]): void {
  tenant.run('DELETE FROM form_questions WHERE organization_id = :org AND form_id = :formId', { formId });
  for (const q of questions) {
    tenant.run(
      `INSERT INTO form_questions (id, organization_id, form_id, type, label, description, required, options, min,
         max, position)
       VALUES (:id, :org, :formId, :type, :label, :description, :required, :options, :min, :max, :position)`,
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
        position: q.order,
      },
    );
  }
}

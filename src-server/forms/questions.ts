import type { Question, QuestionInput } from '../../src-shared/wire';
import { questionsAsStored } from '../../src-shared/rules';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { invalid } from '../http/problem';

/** Questions as stored, new ones with new ids; a 400 naming each question that is not the form's. */
export function normalizeQuestions(inputs: QuestionInput[], existing: Question[]): Question[] {
  const result = questionsAsStored(inputs, existing, newId);
  if (!result.ok) throw invalid(result.issues);
  return result.questions;
}

export function replaceQuestions(tenant: TenantDb, formId: string, questions: Question[]): void {
  tenant.run('DELETE FROM form_questions WHERE organization_id = :org AND form_id = :formId', { formId });
  for (const q of questions) {
    tenant.run(
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

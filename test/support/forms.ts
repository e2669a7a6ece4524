import { expect } from 'vitest';
import { formSchema, submissionReceiptSchema, type Form, type QuestionInput } from '../../src-shared/wire';
import type { Account } from './accounts';
import type { TestService } from './testService';

/** Creates a form as an admin; PUBLISHED unless said otherwise. */
export async function makeForm(
  svc: TestService,
  admin: Account,
  body: Partial<Omit<Form, 'questions'>> & { questions?: Partial<QuestionInput>[] } = {},
): Promise<Form> {
  const res = await svc.request('POST', '/api/forms', {
    token: admin.token,
    body: { title: 'Survey', status: 'PUBLISHED', questions: [{ type: 'TEXT', label: 'Anything?' }], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(formSchema);
}

export function submit(
  svc: TestService,
  who: Account | null,
  formId: string,
  answers: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return svc.request('POST', `/api/forms/submit/${formId}`, {
    ...(who ? { token: who.token } : {}),
    headers,
    body: { answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })) },
  });
}

export async function submitted(
  svc: TestService,
  who: Account | null,
  formId: string,
  answers: Record<string, string>,
) {
  const res = await submit(svc, who, formId, answers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(submissionReceiptSchema);
}

/** Question ids by label. */
export function ids(form: Form): Record<string, string> {
  return Object.fromEntries(form.questions.map((q) => [q.label, q.id]));
}

import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextIssues } from '../../src-shared/rules';
import { problemSchema, referenceListSchema } from '../../src-shared/wire';
import { useDemoService, type Account } from '../support/accounts';
import { makeForm } from '../support/forms';

// Text PostgreSQL cannot hold (a NUL, an unpaired UTF-16 surrogate) is refused with a 400 in words on
// both stores, before any query: on PostgreSQL it once reached SQL and answered 500.

const env = useDemoService();

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const NOT_FOR_PEOPLE = /[a-z][A-Z]|Too (small|big)|expected|Invalid|received|undefined|NaN/;

interface Case {
  name: string;
  who: keyof typeof env.a | null;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The field each refusal names. */
  field: string;
}

/** What is wrong with the answer to a case: nothing (null), or why it is not the refusal expected. */
async function refusal(c: Case): Promise<string | null> {
  const res = await env.svc
    .request(c.method, c.path, {
      ...(c.who ? { token: env.a[c.who].token } : {}),
      ...(c.body === undefined ? {} : { body: c.body }),
      ...(c.headers ? { headers: c.headers } : {}),
    })
    .catch((error: unknown) => ({ status: 0, body: String(error) }));
  const problem = problemSchema.safeParse(res.body);
  const issue = problem.data?.errors?.find((e) => e.path === c.field);
  const wrong =
    res.status !== 400 ||
    !issue ||
    !/^[A-Z].* a character that cannot be stored$/.test(issue.message) ||
    NOT_FOR_PEOPLE.test(issue.message) ||
    NOT_FOR_PEOPLE.test(problem.data?.detail ?? '') ||
    // The refused text is not sent back.
    unstorableTextIssues(res.body).length > 0;
  return wrong ? `${c.name}: ${res.status} ${JSON.stringify(res.body)}` : null;
}

/** Every case is sent, and every one not refused as it should be is named. */
async function expectRefused(cases: Case[]) {
  const wrong = [];
  for (const c of cases) wrong.push(await refusal(c));
  expect(wrong.filter(Boolean)).toEqual([]);
}

async function trainingBody(who: Account) {
  const list = async (path: string) =>
    (await env.svc.request('GET', path, { token: who.token })).as(referenceListSchema).data[0]!.id;
  return {
    name: 'First aid',
    typeId: await list('/api/training-types'),
    categoryId: await list('/api/training-categories'),
    startDate: '2026-03-10',
  };
}

describe('text that cannot be stored', () => {
  it('is refused in a body, in words, at its path', async () => {
    const training = await trainingBody(env.a.alice);
    const form = await makeForm(env.svc, env.a.admin);
    const cases: Case[] = [];
    for (const [what, text] of [
      ['a NUL', NUL],
      ['an unpaired surrogate', SURROGATE],
    ] as const) {
      cases.push(
        {
          name: `sign-in, ${what} in the email`,
          who: null,
          method: 'POST',
          path: '/api/auth/token',
          body: { email: `alice${text}@acme.test`, password: 'whatever' },
          field: 'email',
        },
        {
          name: `training, ${what} in its notes`,
          who: 'alice',
          method: 'POST',
          path: '/api/trainings',
          body: { ...training, notes: text },
          field: 'notes',
        },
        {
          name: `training, ${what} in its typeId`,
          who: 'alice',
          method: 'POST',
          path: '/api/trainings',
          body: { ...training, typeId: text },
          field: 'typeId',
        },
        {
          name: `distribute, ${what} in a userId`,
          who: 'admin',
          method: 'POST',
          path: `/api/forms/${form.id}/distribute`,
          body: { userIds: [env.a.alice.id, text] },
          field: 'userIds[1]',
        },
        {
          name: `leave, ${what} in a field the route does not know`,
          who: 'alice',
          method: 'POST',
          path: '/api/leave',
          body: { startDate: '2026-04-06', endDate: '2026-04-07', type: 'ANNUAL', extra: [text] },
          field: 'extra[0]',
        },
        {
          name: `answers, ${what} in an answer`,
          who: 'alice',
          method: 'POST',
          path: `/api/forms/submit/${form.id}`,
          body: { answers: [{ questionId: form.questions[0]!.id, value: text }] },
          field: 'answers[0].value',
        },
        {
          name: `refresh, ${what} in the token`,
          who: null,
          method: 'POST',
          path: '/api/auth/refresh',
          body: { refresh_token: text },
          field: 'refresh_token',
        },
      );
    }
    await expectRefused(cases);
  });

  it('is refused in a name of a field', async () => {
    const res = await env.svc.request('POST', '/api/leave', {
      token: env.a.alice.token,
      body: { startDate: '2026-04-06', endDate: '2026-04-07', type: 'ANNUAL', [`x${NUL}`]: 1 },
    });
    expect(res.status).toBe(400);
    const [issue] = res.as(problemSchema).errors!;
    expect(issue!.message).toBe('A field name contains a character that cannot be stored');
    expect(isStorableText(issue!.path)).toBe(true);
  });

  it('is refused in a query and in a path', async () => {
    const form = await makeForm(env.svc, env.a.admin);
    const cases: Case[] = [
      { name: 'trainings search', who: 'alice', method: 'GET', path: '/api/trainings?search=a%00b', field: 'search' },
      { name: 'forms search', who: 'admin', method: 'GET', path: '/api/forms?search=a%00b', field: 'search' },
      { name: 'team userId', who: 'manager', method: 'GET', path: '/api/leave/team?userId=a%00b', field: 'userId' },
      { name: 'users search', who: 'admin', method: 'GET', path: '/api/users?search=a%00b', field: 'search' },
      {
        name: 'calendar department',
        who: 'alice',
        method: 'GET',
        path: '/api/leave/calendar?startDate=2026-03-01&endDate=2026-03-31&departmentId=a%00b',
        field: 'departmentId',
      },
      {
        name: 'leave decision id',
        who: 'manager',
        method: 'PUT',
        path: '/api/leave/a%00b/status',
        body: { status: 'APPROVED' },
        field: 'id',
      },
      { name: 'form analytics id', who: 'admin', method: 'GET', path: '/api/forms/a%00b/analytics', field: 'id' },
      { name: 'public form id', who: null, method: 'GET', path: '/api/forms/public/a%00b', field: 'id' },
      {
        name: 'answered form id',
        who: 'alice',
        method: 'POST',
        path: '/api/forms/submit/a%00b',
        body: { answers: [] },
        field: 'formId',
      },
      {
        name: 'answered form id, without a token',
        who: null,
        method: 'POST',
        path: '/api/forms/submit/a%00b',
        body: { answers: [] },
        field: 'formId',
      },
      {
        name: 'answered form id, with an Idempotency-Key',
        who: 'alice',
        method: 'POST',
        path: '/api/forms/submit/a%00b',
        body: { answers: [] },
        headers: { 'idempotency-key': 'nul-in-form-id' },
        field: 'formId',
      },
      { name: 'deleted training id', who: 'alice', method: 'DELETE', path: '/api/trainings/a%00b', field: 'id' },
      {
        name: 'distributed form id',
        who: 'admin',
        method: 'POST',
        path: '/api/forms/a%00b/distribute',
        body: { userIds: [env.a.alice.id] },
        field: 'id',
      },
      { name: 'form responses id', who: 'admin', method: 'GET', path: `/api/forms/a%00b/responses`, field: 'id' },
    ];
    await expectRefused(cases);
    // The form itself is untouched by all this.
    expect((await env.svc.request('GET', `/api/forms/${form.id}`, { token: env.a.admin.token })).status).toBe(200);
  });
});

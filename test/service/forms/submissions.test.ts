import { describe, expect, it } from 'vitest';
import {
  formResponseListSchema,
  formSchema,
  problemSchema,
  submissionReceiptSchema,
  type QuestionInput,
} from '../../../src-shared/wire';
import { useDemoService } from '../../support/accounts';
import { ids, makeForm, submit, submitted } from '../../support/forms';

const env = useDemoService({ scale: 6 });

describe('when a form takes answers', () => {
  it('only while PUBLISHED and inside its window', async () => {
    const now = env.svc.clock.now().getTime();
    const future = await makeForm(env.svc, env.a.admin, { openDate: new Date(now + 86_400_000).toISOString() });
    const res = await submit(env.svc, env.a.alice, future.id, {});
    expect(res.status).toBe(409);
    expect(res.as(problemSchema).detail).toMatch(/opens on/);
    const past = await makeForm(env.svc, env.a.admin, { closeDate: new Date(now - 1000).toISOString() });
    expect((await submit(env.svc, env.a.alice, past.id, {})).status).toBe(409);
    const inside = await makeForm(env.svc, env.a.admin, {
      openDate: new Date(now - 1000).toISOString(),
      closeDate: new Date(now + 1000).toISOString(),
    });
    expect((await submit(env.svc, env.a.alice, inside.id, {})).status).toBe(201);

    const closed = await makeForm(env.svc, env.a.admin);
    await env.svc.request('PUT', `/api/forms/${closed.id}`, { token: env.a.admin.token, body: { status: 'CLOSED' } });
    expect((await submit(env.svc, env.a.alice, closed.id, {})).status).toBe(409);
    const draft = await makeForm(env.svc, env.a.admin, { status: 'DRAFT' });
    expect((await submit(env.svc, env.a.alice, draft.id, {})).status).toBe(404);
    expect((await submit(env.svc, env.a.dave, inside.id, {})).status).toBe(404);
    expect((await submit(env.svc, env.a.alice, 'no-such-form', {})).status).toBe(404);
  });

  it('needs a token when requireAuthentication, and takes answers without one otherwise', async () => {
    const members = await makeForm(env.svc, env.a.admin);
    const res = await submit(env.svc, null, members.id, {});
    expect(res.status).toBe(401);
    const open = await makeForm(env.svc, env.a.admin, {
      requireAuthentication: false,
      allowMultipleSubmissions: false,
    });
    const first = await submit(env.svc, null, open.id, { [open.questions[0]!.id]: 'hello' });
    expect(first.status).toBe(201);
    expect(first.as(submissionReceiptSchema)).toMatchObject({
      formId: open.id,
      submittedAt: env.svc.clock.now().toISOString(),
    });
    // Without a token there is nobody to count twice.
    expect((await submit(env.svc, null, open.id, {})).status).toBe(201);
    // A token that is sent must still be valid.
    const bad = await env.svc.request('POST', `/api/forms/submit/${open.id}`, {
      body: { answers: [] },
      headers: { authorization: 'Bearer forged' },
    });
    expect(bad.status).toBe(401);
  });

  it('refuses a second answer unless allowMultipleSubmissions', async () => {
    const once = await makeForm(env.svc, env.a.admin);
    expect((await submit(env.svc, env.a.alice, once.id, {})).status).toBe(201);
    const again = await submit(env.svc, env.a.alice, once.id, {});
    expect(again.status).toBe(409);
    expect(again.as(problemSchema).detail).toMatch(/already answered/);
    expect((await submit(env.svc, env.a.bob, once.id, {})).status).toBe(201);
    const many = await makeForm(env.svc, env.a.admin, { allowMultipleSubmissions: true });
    for (let i = 0; i < 3; i++) expect((await submit(env.svc, env.a.alice, many.id, {})).status).toBe(201);
  });

  it('stops at maxSubmissions, counting all respondents together', async () => {
    const form = await makeForm(env.svc, env.a.admin, { maxSubmissions: 2, allowMultipleSubmissions: true });
    expect((await submit(env.svc, env.a.alice, form.id, {})).status).toBe(201);
    expect((await submit(env.svc, env.a.bob, form.id, {})).status).toBe(201);
    const third = await submit(env.svc, env.a.carol, form.id, {});
    expect(third.status).toBe(409);
    expect(third.as(problemSchema).detail).toMatch(/limit of 2/);
    expect(
      (await env.svc.request('GET', `/api/forms/${form.id}`, { token: env.a.admin.token })).as(formSchema)
        .responseCount,
    ).toBe(2);
  });

  it('lets exactly one of two concurrent submissions through when maxSubmissions is 1', async () => {
    for (let round = 0; round < 5; round++) {
      const form = await makeForm(env.svc, env.a.admin, { maxSubmissions: 1 });
      const results = await Promise.all([
        submit(env.svc, env.a.alice, form.id, {}),
        submit(env.svc, env.a.bob, form.id, {}),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const stored = (await env.svc.engine.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM form_responses WHERE form_id = :id',
        { id: form.id },
      ))!;
      expect(stored.n).toBe(1);
    }
  });

  it('replays a submission sent twice with the same Idempotency-Key, storing it once', async () => {
    const form = await makeForm(env.svc, env.a.admin);
    const headers = { 'idempotency-key': 'offline-submit-1' };
    const first = await submit(env.svc, env.a.carol, form.id, { [form.questions[0]!.id]: 'once' }, headers);
    const second = await submit(env.svc, env.a.carol, form.id, { [form.questions[0]!.id]: 'once' }, headers);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await env.svc.request('GET', `/api/forms/${form.id}`, { token: env.a.admin.token })).as(formSchema)
        .responseCount,
    ).toBe(1);
  });
});

describe('answers are checked against each question', () => {
  const cases: [string, Partial<QuestionInput>, string[], string[]][] = [
    ['TEXT', {}, ['short text', 'x'.repeat(500)], ['x'.repeat(501)]],
    ['TEXTAREA', {}, ['line one\nline two'], ['y'.repeat(5_001)]],
    ['NUMBER', { min: -10, max: 100 }, ['42', '-3.5', '0', '100'], ['abc', '1e3', '101', '-11', '4,5', '0x10']],
    ['DATE', {}, ['2026-03-02', '2024-02-29'], ['2026-02-30', '02/03/2026', '2026-3-2', '2026-03-02T10:00:00Z']],
    ['SINGLE_CHOICE', { options: ['A', 'B'] }, ['A', 'B'], ['C', 'a', '["A"]']],
    [
      'MULTIPLE_CHOICE',
      { options: ['A', 'B', 'C'] },
      ['["A"]', '["A","C"]'],
      ['A', '["D"]', '["A","A"]', '[1]', '{}', '[]x'],
    ],
    ['RATING', {}, ['1', '5'], ['0', '6', '4.5', 'five']],
    ['SCALE', {}, ['0', '10'], ['-1', '11', '7.5']],
    ['SCALE', { min: 1, max: 7 }, ['1', '7'], ['0', '8']],
    ['YES_NO', {}, ['yes', 'no'], ['Yes', 'true', 'y']],
  ];

  it.each(cases)('%s %j: accepts good values, refuses bad ones naming the question', async (type, extra, good, bad) => {
    const form = await makeForm(env.svc, env.a.admin, {
      allowMultipleSubmissions: true,
      questions: [{ type: type as QuestionInput['type'], label: 'Q', ...extra }],
    });
    const q = form.questions[0]!.id;
    for (const value of good) {
      const res = await submit(env.svc, env.a.alice, form.id, { [q]: value });
      expect(res.status, `${type} ${value}`).toBe(201);
    }
    for (const value of bad) {
      const res = await submit(env.svc, env.a.alice, form.id, { [q]: value });
      expect(res.status, `${type} ${value}`).toBe(400);
      expect(res.as(problemSchema).errors, `${type} ${value}`).toEqual([
        {
          path: `answers.${q}`,
          code: expect.stringMatching(/^rules\.answer\./),
          message: expect.stringContaining('“Q”'),
        },
      ]);
    }
  });

  it('gives one error per bad answer: missing required ones, unknown questions, repeats', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      questions: [
        { type: 'TEXT', label: 'Name', required: true },
        { type: 'RATING', label: 'Rate', required: true },
        { type: 'YES_NO', label: 'Optional' },
      ],
    });
    const q = ids(form);
    const res = await env.svc.request('POST', `/api/forms/submit/${form.id}`, {
      token: env.a.alice.token,
      body: {
        answers: [
          { questionId: q['Rate'], value: '9' },
          { questionId: 'ghost', value: 'x' },
          { questionId: q['Optional'], value: 'yes' },
          { questionId: q['Optional'], value: 'no' },
          { questionId: q['Name'], value: '   ' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(
      res
        .as(problemSchema)
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['answers.ghost', `answers.${q['Optional']}`, `answers.${q['Name']}`, `answers.${q['Rate']}`].sort());
    expect(res.as(problemSchema).errors?.find((e) => e.path === `answers.${q['Name']}`)?.message).toBe('Answer “Name”');
    const wrongShape = await env.svc.request('POST', `/api/forms/submit/${form.id}`, {
      token: env.a.alice.token,
      body: { answers: [{ questionId: q['Rate'], value: 5 }] },
    });
    expect(wrongShape.as(problemSchema).errors?.[0]?.path).toBe('answers[0].value');
    expect((await submit(env.svc, env.a.alice, form.id, { [q['Name']!]: 'Alice', [q['Rate']!]: '4' })).status).toBe(
      201,
    );
  });
});

describe('responses', () => {
  it('pages newest first, with the respondent of a named form', async () => {
    const form = await makeForm(env.svc, env.a.admin, { allowMultipleSubmissions: true });
    const made = [];
    for (const who of [env.a.alice, env.a.bob, env.a.carol]) {
      env.svc.clock.advance(1000);
      made.push(await submitted(env.svc, who, form.id, { [form.questions[0]!.id]: `from ${who.id}` }));
    }
    const page1 = (
      await env.svc.request('GET', `/api/forms/${form.id}/responses?limit=2`, { token: env.a.admin.token })
    ).as(formResponseListSchema);
    expect(page1.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(page1.data.map((r) => r.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.data[0]).toMatchObject({
      submittedAt: made[2]!.submittedAt,
      respondent: { id: env.a.carol.id, name: 'Carol Chevalier', email: 'carol@acme.test' },
      answers: [{ questionId: form.questions[0]!.id, value: `from ${env.a.carol.id}` }],
    });
    const page2 = (
      await env.svc.request('GET', `/api/forms/${form.id}/responses?limit=2&page=2`, { token: env.a.admin.token })
    ).as(formResponseListSchema);
    expect(page2.data.map((r) => r.id)).toEqual([made[0]!.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignedFormListSchema,
  distributeResultSchema,
  formAnalyticsSchema,
  formListSchema,
  formSchema,
  notificationListSchema,
  problemSchema,
  publicFormSchema,
  questionListSchema,
  referenceListSchema,
} from '../../../src-shared/wire';
import { DEMO, signInAll, type Account } from '../../support/accounts';
import { ids, makeForm, submitted } from '../../support/forms';
import { startTestService, type TestService } from '../../support/testService';

let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;

beforeAll(async () => {
  svc = await startTestService({ scale: 12 });
  a = await signInAll(svc, DEMO);
});
afterAll(async () => {
  await svc.close();
});

const everyType = [
  { type: 'TEXT', label: 'Name a tool' },
  { type: 'TEXTAREA', label: 'Tell us more', description: 'Free text' },
  { type: 'NUMBER', label: 'Years here', min: 0, max: 60 },
  { type: 'DATE', label: 'Start date' },
  { type: 'SINGLE_CHOICE', label: 'Team', options: ['Red', 'Blue'], required: true },
  { type: 'MULTIPLE_CHOICE', label: 'Tools', options: ['Git', 'Jira', 'Slack'] },
  { type: 'RATING', label: 'Rate us' },
  { type: 'SCALE', label: 'Recommend?' },
  { type: 'YES_NO', label: 'Stay?' },
];

describe('forms administration', () => {
  it('creates a DRAFT with every question type, filling in orders and fixed ranges', async () => {
    const res = await svc.request('POST', '/api/forms', {
      token: a.admin.token,
      body: { title: 'Everything', questions: everyType, closeDate: '2026-12-31' },
    });
    expect(res.status).toBe(201);
    const form = res.as(formSchema);
    expect(form).toMatchObject({
      status: 'DRAFT',
      version: 1,
      responseCount: 0,
      createdBy: a.admin.id,
      isAnonymous: false,
      requireAuthentication: true,
      allowMultipleSubmissions: false,
      maxSubmissions: null,
      closeDate: '2026-12-31T00:00:00.000Z',
    });
    expect(form.questions.map((q) => [q.type, q.order])).toEqual(everyType.map((q, i) => [q.type, i]));
    const byLabel = Object.fromEntries(form.questions.map((q) => [q.label, q]));
    expect(byLabel['Rate us']).toMatchObject({ min: 1, max: 5 });
    expect(byLabel['Recommend?']).toMatchObject({ min: 0, max: 10 });
    expect(byLabel['Team']).toMatchObject({ options: ['Red', 'Blue'], required: true });
    expect(res.headers.get('etag')).toBe('"1"');
    const again = (await svc.request('GET', `/api/forms/${form.id}`, { token: a.admin.token })).as(formSchema);
    expect(again).toEqual(form);
  });

  it('names bad questions and refuses a start as CLOSED', async () => {
    const bad = await svc.request('POST', '/api/forms', {
      token: a.admin.token,
      body: {
        title: 'Bad',
        questions: [
          { type: 'TEXT', label: 'ok' },
          { type: 'SINGLE_CHOICE', label: 'Pick' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.as(problemSchema).errors?.map((e) => e.path)).toEqual(['questions[1].options']);
    const closed = await svc.request('POST', '/api/forms', {
      token: a.admin.token,
      body: { title: 'x', status: 'CLOSED' },
    });
    expect(closed.status).toBe(409);
    const dates = await svc.request('POST', '/api/forms', {
      token: a.admin.token,
      body: { title: 'x', openDate: '2026-05-01', closeDate: '2026-04-01' },
    });
    expect(dates.as(problemSchema).errors?.[0]?.path).toBe('closeDate');
  });

  it('keeps every form endpoint to ADMINs of the organization', async () => {
    const form = await makeForm(svc, a.admin);
    for (const [method, path, body] of [
      ['GET', '/api/forms', undefined],
      ['POST', '/api/forms', { title: 'x' }],
      ['GET', `/api/forms/${form.id}`, undefined],
      ['PUT', `/api/forms/${form.id}`, { title: 'x' }],
      ['DELETE', `/api/forms/${form.id}`, undefined],
      ['GET', `/api/forms/${form.id}/responses`, undefined],
      ['GET', `/api/forms/${form.id}/responses.csv`, undefined],
      ['GET', `/api/forms/${form.id}/analytics`, undefined],
      ['POST', `/api/forms/${form.id}/distribute`, { all: true }],
    ] as const) {
      expect((await svc.request(method, path, { token: a.manager.token, body })).status, `${method} ${path}`).toBe(403);
      if (path !== '/api/forms') {
        expect(
          (await svc.request(method, path, { token: a.globexAdmin.token, body })).status,
          `${method} ${path}`,
        ).toBe(404);
      }
    }
  });

  it('moves DRAFT → PUBLISHED → CLOSED → PUBLISHED, and refuses any other move', async () => {
    const form = await makeForm(svc, a.admin, { status: 'DRAFT' });
    const move = (status: string) =>
      svc.request('PUT', `/api/forms/${form.id}`, { token: a.admin.token, body: { status } });
    expect((await move('CLOSED')).status).toBe(409);
    expect((await move('PUBLISHED')).as(formSchema)).toMatchObject({ status: 'PUBLISHED', version: 2 });
    expect((await move('DRAFT')).status).toBe(409);
    expect((await move('CLOSED')).as(formSchema).status).toBe('CLOSED');
    expect((await move('DRAFT')).status).toBe(409);
    expect((await move('PUBLISHED')).as(formSchema).status).toBe('PUBLISHED');
    expect((await move('PUBLISHED')).as(formSchema).status).toBe('PUBLISHED');
  });

  it('locks the questions once the form has responses, but not its other fields', async () => {
    const form = await makeForm(svc, a.admin, { questions: [{ type: 'YES_NO', label: 'Happy?' }] });
    const open = await svc.request('PUT', `/api/forms/${form.id}`, {
      token: a.admin.token,
      body: { questions: [{ id: form.questions[0]!.id, type: 'YES_NO', label: 'Happy at work?' }] },
    });
    expect(open.as(formSchema).questions[0]).toMatchObject({ id: form.questions[0]!.id, label: 'Happy at work?' });
    const current = open.as(formSchema);
    await submitted(svc, a.alice, form.id, { [current.questions[0]!.id]: 'yes' });

    const change = await svc.request('PUT', `/api/forms/${form.id}`, {
      token: a.admin.token,
      body: { questions: [{ type: 'TEXT', label: 'New' }] },
    });
    expect(change.status).toBe(409);
    expect(change.as(problemSchema).detail).toMatch(/questions can no longer change/);
    const same = await svc.request('PUT', `/api/forms/${form.id}`, {
      token: a.admin.token,
      body: { title: 'Renamed', questions: current.questions.map(({ order: _o, ...q }) => q) },
    });
    expect(same.status).toBe(200);
    expect(same.as(formSchema)).toMatchObject({ title: 'Renamed', responseCount: 1 });
    const foreignId = await svc.request('PUT', `/api/forms/${form.id}`, {
      token: a.admin.token,
      body: { questions: [{ id: 'not-a-question', type: 'TEXT', label: 'x' }] },
    });
    expect(foreignId.status).toBe(400);
  });

  it('answers 412 to a stale If-Match and deletes with its responses', async () => {
    const form = await makeForm(svc, a.admin);
    await svc.request('PUT', `/api/forms/${form.id}`, { token: a.admin.token, body: { title: 'Newer' } });
    const stale = await svc.request('PUT', `/api/forms/${form.id}`, {
      token: a.admin.token,
      body: { title: 'Older' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(formSchema.parse(stale.as(problemSchema).current).title).toBe('Newer');
    await submitted(svc, a.bob, form.id, {});
    expect((await svc.request('DELETE', `/api/forms/${form.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await svc.request('GET', `/api/forms/${form.id}`, { token: a.admin.token })).status).toBe(404);
    const left = (await svc.engine.get<{ n: number }>('SELECT COUNT(*) AS n FROM form_responses WHERE form_id = :id', {
      id: form.id,
    }))!;
    expect(left.n).toBe(0);
  });

  it('lists with page, limit, status and title search, newest first', async () => {
    const local = await startTestService({ scale: 0 });
    try {
      const { admin } = await signInAll(local, { admin: DEMO.admin });
      for (const [title, status] of [
        ['Alpha pulse', 'PUBLISHED'],
        ['Beta pulse', 'DRAFT'],
        ['Gamma check', 'PUBLISHED'],
        ['100% done', 'DRAFT'],
      ] as const) {
        local.clock.advance(1000);
        await makeForm(local, admin!, { title, status });
      }
      const list = async (q: string) =>
        (await local.request('GET', `/api/forms${q}`, { token: admin!.token })).as(formListSchema);
      expect((await list('')).data.map((f) => f.title)).toEqual([
        '100% done',
        'Gamma check',
        'Beta pulse',
        'Alpha pulse',
      ]);
      expect((await list('?limit=3&page=2')).data.map((f) => f.title)).toEqual(['Alpha pulse']);
      expect((await list('?limit=3')).meta).toEqual({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
      expect((await list('?status=DRAFT')).data.map((f) => f.title)).toEqual(['100% done', 'Beta pulse']);
      expect((await list('?search=PULSE')).data.map((f) => f.title)).toEqual(['Beta pulse', 'Alpha pulse']);
      expect((await list('?search=%25')).data.map((f) => f.title)).toEqual(['100% done']);
      expect((await list('?search=pulse&status=PUBLISHED')).data.map((f) => f.title)).toEqual(['Alpha pulse']);
      expect((await list('')).data[0]!.questions).toHaveLength(1);
      expect((await local.request('GET', '/api/forms?status=OPEN', { token: admin!.token })).status).toBe(400);
    } finally {
      await local.close();
    }
  });
});

describe('questions and public forms', () => {
  it('shows questions to members only while PUBLISHED; admins always', async () => {
    const form = await makeForm(svc, a.admin, { status: 'DRAFT' });
    const get = (who: Account) => svc.request('GET', `/api/forms/${form.id}/questions`, { token: who.token });
    expect((await get(a.alice)).status).toBe(404);
    expect((await get(a.admin)).as(questionListSchema).data).toHaveLength(1);
    await svc.request('PUT', `/api/forms/${form.id}`, { token: a.admin.token, body: { status: 'PUBLISHED' } });
    expect((await get(a.alice)).as(questionListSchema).data[0]!.label).toBe('Anything?');
    expect((await get(a.dave)).status).toBe(404);
    await svc.request('PUT', `/api/forms/${form.id}`, { token: a.admin.token, body: { status: 'CLOSED' } });
    expect((await get(a.alice)).status).toBe(404);
    expect((await svc.request('GET', `/api/forms/${form.id}/questions`)).status).toBe(401);
  });

  it('serves a public form without a token, and nothing else', async () => {
    const open = await makeForm(svc, a.admin, { requireAuthentication: false, title: 'Visitor feedback' });
    const res = await svc.request('GET', `/api/forms/public/${open.id}`);
    expect(res.status).toBe(200);
    const shown = res.as(publicFormSchema);
    expect(shown).toMatchObject({ id: open.id, title: 'Visitor feedback', questions: open.questions });
    expect(res.body).not.toHaveProperty('responseCount');
    expect(res.body).not.toHaveProperty('createdBy');

    const members = await makeForm(svc, a.admin, { requireAuthentication: true });
    const draft = await makeForm(svc, a.admin, { requireAuthentication: false, status: 'DRAFT' });
    for (const id of [members.id, draft.id, 'no-such-form']) {
      expect((await svc.request('GET', `/api/forms/public/${id}`)).status).toBe(404);
    }
  });
});

describe('distribution', () => {
  it('sends a PUBLISHED form to users, departments or everyone, notifying each once', async () => {
    const draft = await makeForm(svc, a.admin, { status: 'DRAFT' });
    expect(
      (await svc.request('POST', `/api/forms/${draft.id}/distribute`, { token: a.admin.token, body: { all: true } }))
        .status,
    ).toBe(409);

    const form = await makeForm(svc, a.admin, { title: 'Pulse', closeDate: '2026-04-01' });
    const send = (body: unknown) =>
      svc.request('POST', `/api/forms/${form.id}/distribute`, { token: a.admin.token, body });
    expect((await send({ userIds: [a.alice.id, a.bob.id] })).as(distributeResultSchema)).toEqual({ distributedTo: 2 });
    const inbox = (await svc.request('GET', '/api/notifications', { token: a.alice.token })).as(notificationListSchema);
    expect(inbox.data.filter((n) => n.data.formId === form.id)).toEqual([
      expect.objectContaining({
        type: 'FORM_ASSIGNED',
        title: 'New form: Pulse',
        body: 'Please answer by 2026-04-01.',
      }),
    ]);

    const departments = (await svc.request('GET', '/api/departments', { token: a.admin.token })).as(
      referenceListSchema,
    ).data;
    const sales = departments.find((d) => d.name === 'Sales')!;
    const bySales = (await send({ departmentIds: [sales.id] })).as(distributeResultSchema);
    expect(bySales.distributedTo).toBeGreaterThanOrEqual(2); // carol and the Sales lead

    const everyone = (await send({ all: true })).as(distributeResultSchema);
    // The demo's newcomer, invited, gets it too; its former colleagues do not.
    expect(everyone.distributedTo).toBe(5 + 12 + 1);
    const aliceAgain = (await svc.request('GET', '/api/notifications', { token: a.alice.token })).as(
      notificationListSchema,
    );
    expect(aliceAgain.data.filter((n) => n.data.formId === form.id)).toHaveLength(1);
    const analytics = (await svc.request('GET', `/api/forms/${form.id}/analytics`, { token: a.admin.token })).as(
      formAnalyticsSchema,
    );
    expect(analytics.distributedCount).toBe(18);

    const unknown = await send({ userIds: [a.alice.id, a.dave.id], departmentIds: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.as(problemSchema).errors?.map((e) => e.path)).toEqual(['userIds[1]', 'departmentIds[0]']);
    expect((await send({})).status).toBe(400);
  });

  it('lists assigned forms for the recipient, with whether they answered', async () => {
    const form = await makeForm(svc, a.admin, { title: 'For Carol', questions: [{ type: 'YES_NO', label: 'OK?' }] });
    await svc.request('POST', `/api/forms/${form.id}/distribute`, {
      token: a.admin.token,
      body: { userIds: [a.carol.id] },
    });
    const assigned = async () =>
      (await svc.request('GET', '/api/forms/assigned', { token: a.carol.token }))
        .as(assignedFormListSchema)
        .data.find((f) => f.id === form.id);
    expect(await assigned()).toMatchObject({ title: 'For Carol', submitted: false, questions: form.questions });
    await submitted(svc, a.carol, form.id, { [ids(form)['OK?']!]: 'yes' });
    expect((await assigned())?.submitted).toBe(true);
    const bobs = (await svc.request('GET', '/api/forms/assigned', { token: a.bob.token })).as(assignedFormListSchema);
    expect(bobs.data.some((f) => f.id === form.id)).toBe(false);
  });

  it('tells the recipient when they answered, whether the form is full, and keeps closed forms in the list', async () => {
    const form = await makeForm(svc, a.admin, {
      title: 'Two places',
      maxSubmissions: 1,
      questions: [{ type: 'YES_NO', label: 'Coming?' }],
    });
    await svc.request('POST', `/api/forms/${form.id}/distribute`, {
      token: a.admin.token,
      body: { userIds: [a.carol.id, a.bob.id] },
    });
    const assigned = async (who: typeof a.carol) =>
      (await svc.request('GET', '/api/forms/assigned', { token: who.token }))
        .as(assignedFormListSchema)
        .data.find((f) => f.id === form.id);
    expect(await assigned(a.carol)).toMatchObject({ submitted: false, submittedAt: null, full: false });
    const receipt = await submitted(svc, a.carol, form.id, { [ids(form)['Coming?']!]: 'yes' });
    expect(await assigned(a.carol)).toMatchObject({ submitted: true, submittedAt: receipt.submittedAt, full: true });
    expect(await assigned(a.bob)).toMatchObject({ submitted: false, full: true });
    await svc.request('PUT', `/api/forms/${form.id}`, { token: a.admin.token, body: { status: 'CLOSED' } });
    expect(await assigned(a.bob)).toMatchObject({ status: 'CLOSED', submitted: false });
  });
});

import { describe, expect, it } from 'vitest';
import {
  formAnalyticsSchema,
  formResponseListSchema,
  formSchema,
  problemSchema,
  type QuestionInput,
} from '../../../src-shared/wire';
import { useDemoService } from '../../support/accounts';
import { ids, makeForm, submit, submitted } from '../../support/forms';

// Conditional questions and sections as the service keeps and checks them.
const env = useDemoService({ scale: 0 });

const stay: QuestionInput = {
  type: 'YES_NO',
  label: 'Do you see yourself here in a year?',
  required: true,
  ref: 'stay',
};
const whyNot: QuestionInput = {
  type: 'TEXTAREA',
  label: 'Why not?',
  required: true,
  showIf: { match: 'all', conditions: [{ questionId: 'stay', operator: 'equals', value: 'no' }] },
};

describe('form logic', () => {
  it('keeps a condition on an earlier question, named by a new question’s ref, and a section', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      questions: [stay, whyNot, { type: 'TEXT', label: 'Anything else?', section: { title: 'Last words' } }],
    });
    const q = ids(form);
    expect(form.questions[1]!.showIf).toEqual({
      match: 'all',
      conditions: [{ questionId: q['Do you see yourself here in a year?'], operator: 'equals', value: 'no' }],
    });
    expect(form.questions[2]!.section).toEqual({ title: 'Last words', description: null, showIf: null });
    const read = (await env.svc.request('GET', `/api/forms/${form.id}`, { token: env.a.admin.token })).as(formSchema);
    expect(read.questions.map((x) => [x.label, !!x.showIf, x.section?.title ?? null])).toEqual([
      ['Do you see yourself here in a year?', false, null],
      ['Why not?', true, null],
      ['Anything else?', false, 'Last words'],
    ]);
  });

  it('refuses in words a condition on a later question, or an operator its question has not', async () => {
    const refused = async (questions: unknown[]) => {
      const res = await env.svc.request('POST', '/api/forms', {
        token: env.a.admin.token,
        body: { title: 'Logic', questions },
      });
      expect(res.status).toBe(400);
      return res.as(problemSchema).errors;
    };
    expect(await refused([whyNot, stay])).toMatchObject([
      {
        path: 'questions[0].showIf.conditions[0].questionId',
        message: 'A condition may only use a question asked before: “Do you see yourself here in a year?” comes later',
      },
    ]);
    expect(
      await refused([
        stay,
        {
          ...whyNot,
          showIf: { match: 'all', conditions: [{ questionId: 'stay', operator: 'greaterThan', value: '2' }] },
        },
      ]),
    ).toMatchObject([
      {
        path: 'questions[1].showIf.conditions[0].operator',
        message:
          '“is more than” cannot be asked of “Do you see yourself here in a year?”: choose “is”, “is not”, “was answered”, “was not answered”',
      },
    ]);
  });

  it('asks a hidden required question of nobody, and refuses an answer to it in words', async () => {
    const form = await makeForm(env.svc, env.a.admin, { questions: [stay, whyNot] });
    const q = ids(form);
    // Yes: "Why not?" is not asked, so not required.
    await submitted(env.svc, env.a.alice, form.id, { [q['Do you see yourself here in a year?']!]: 'yes' });
    // No: it is asked, and required.
    const missing = await submit(env.svc, env.a.bob, form.id, { [q['Do you see yourself here in a year?']!]: 'no' });
    expect(missing.status).toBe(400);
    expect(missing.as(problemSchema).errors).toMatchObject([
      { path: `answers.${q['Why not?']}`, message: 'Answer “Why not?”' },
    ]);
    // Yes with words for "Why not?": refused, naming what hid it.
    const hidden = await submit(env.svc, env.a.carol, form.id, {
      [q['Do you see yourself here in a year?']!]: 'yes',
      [q['Why not?']!]: 'The commute',
    });
    expect(hidden.status).toBe(400);
    expect(hidden.as(problemSchema).errors).toMatchObject([
      {
        path: `answers.${q['Why not?']}`,
        code: 'rules.form.hidden',
        message: 'This question is not asked when “Do you see yourself here in a year?” is Yes',
      },
    ]);
    await submitted(env.svc, env.a.carol, form.id, {
      [q['Do you see yourself here in a year?']!]: 'no',
      [q['Why not?']!]: 'The commute',
    });
  });

  it('counts each question against those asked it, in analytics, responses and the CSV (checked by hand)', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      questions: [stay, { ...whyNot, required: false }, { type: 'RATING', label: 'Your week?' }],
    });
    const q = ids(form);
    const stayId = q['Do you see yourself here in a year?']!;
    const whyId = q['Why not?']!;
    await submitted(env.svc, env.a.alice, form.id, { [stayId]: 'yes', [q['Your week?']!]: '4' });
    await submitted(env.svc, env.a.bob, form.id, { [stayId]: 'no', [whyId]: 'The commute' });
    await submitted(env.svc, env.a.carol, form.id, { [stayId]: 'no' });
    const analytics = (
      await env.svc.request('GET', `/api/forms/${form.id}/analytics`, { token: env.a.admin.token })
    ).as(formAnalyticsSchema);
    const by = Object.fromEntries(analytics.questions.map((x) => [x.label, x]));
    // Three responses; "Why not?" was asked of Bob and Carol only: one answered, one skipped.
    expect(analytics.responseCount).toBe(3);
    expect(by['Do you see yourself here in a year?']).toMatchObject({ asked: 3, answered: 3, skipped: 0 });
    expect(by['Why not?']).toMatchObject({ asked: 2, answered: 1, skipped: 1 });
    expect(by['Your week?']).toMatchObject({ asked: 3, answered: 1, skipped: 2 });
    // Each response says what it was not asked; Alice's "Why not?" is an empty cell in the CSV.
    const responses = (
      await env.svc.request('GET', `/api/forms/${form.id}/responses?pageSize=10`, { token: env.a.admin.token })
    ).as(formResponseListSchema).data;
    const alice = responses.find((r) => r.respondent?.id === env.a.alice.id)!;
    expect(alice.unasked).toEqual([whyId]);
    expect(responses.filter((r) => r.unasked?.length).length).toBe(1);
    const csv = await env.svc.request('GET', `/api/forms/${form.id}/responses.csv`, { token: env.a.admin.token });
    const aliceRow = String(csv.body)
      .split(/\r?\n/)
      .find((line) => line.includes('alice@acme.test'))!;
    expect(aliceRow.endsWith(',Yes,,4')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTally } from '../../src-main/core/forms/formInsights';
import { analyticsOf, type FormTally } from '../../src-shared/records/formAnalytics';
import type { Form, FormAnalytics, FormResponse } from '../../src-shared/wire';
import { formTally } from '../../src-server/forms/responseStore';
import { TenantDb } from '../../src-server/db/tenantDb';
import { openAccountCache, ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
let app: TestBackend;
let accountId: string;
let admin: Awaited<ReturnType<ServiceProcess['as']>>;
let forms: Form[];

/** A tally in one order (each side counts in the order its store reads). */
const ordered = (t: FormTally): FormTally => ({
  ...t,
  questions: Object.fromEntries(
    Object.entries(t.questions)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, q]) => [id, { ...q, values: [...q.values].sort((x, y) => (x.value < y.value ? -1 : 1)) }]),
  ),
});

beforeAll(async () => {
  service = await new ServiceProcess(60).start();
  admin = await service.as('admin@acme.test');
  // A named form with every type, answered by several people on the service.
  const made = await admin<Form>('POST', '/api/forms', {
    title: 'Every type',
    status: 'PUBLISHED',
    allowMultipleSubmissions: true,
    questions: [
      { type: 'TEXT', label: 'Team' },
      { type: 'TEXTAREA', label: 'Comments' },
      { type: 'NUMBER', label: 'Hours' },
      { type: 'DATE', label: 'Day' },
      { type: 'SINGLE_CHOICE', label: 'Site', options: ['North', 'South', 'East'] },
      { type: 'MULTIPLE_CHOICE', label: 'Tools', options: ['Mail', 'Chat', 'Wiki'] },
      { type: 'YES_NO', label: 'Again?' },
      { type: 'RATING', label: 'Rating' },
      { type: 'SCALE', label: 'Recommend', min: 0, max: 10 },
    ],
  });
  const q = Object.fromEntries(made.body.questions.map((x) => [x.label, x.id]));
  const answersOf = (i: number) => ({
    answers: [
      { questionId: q.Team!, value: ['Platform', 'Sales', 'Platform team'][i % 3]! },
      ...(i % 4 ? [{ questionId: q.Comments!, value: `Good tools and clear goals ${i}` }] : []),
      { questionId: q.Hours!, value: String((i * 1.5) % 7) },
      { questionId: q.Day!, value: `2026-0${(i % 3) + 1}-1${i % 10}` },
      { questionId: q.Site!, value: ['North', 'South', 'East', 'North'][i % 4]! },
      { questionId: q.Tools!, value: JSON.stringify(i % 2 ? ['Mail', 'Wiki'] : ['Chat']) },
      { questionId: q['Again?']!, value: i % 3 ? 'yes' : 'no' },
      { questionId: q.Rating!, value: String((i % 5) + 1) },
      { questionId: q.Recommend!, value: String((i * 3) % 11) },
    ],
  });
  for (const [i, email] of ['alice', 'bob', 'carol', 'manager', 'alice', 'bob', 'admin'].entries()) {
    const who = await service.as(`${email}@acme.test`);
    expect((await who('POST', `/api/forms/submit/${made.body.id}`, answersOf(i))).status).toBe(201);
  }
  app = new TestBackend();
  accountId = (await app.signIn(service.url, 'admin@acme.test')).id;
  await app.call('sync.now');
  forms = (await app.call('forms.list', { pageSize: 100 })).data;
});
afterAll(async () => {
  app.dispose();
  await service.dispose();
});

describe('analytics computed on this computer', () => {
  it('are fed the same tally as the service’s for every form, and the one definition makes the same figures', async () => {
    expect(forms.length).toBeGreaterThan(4);
    const { engine } = service.service;
    const cache = openAccountCache(app.dataDir, accountId, { readonly: true });
    try {
      for (const form of forms) {
        const { org } = (await engine.get<{ org: string }>('SELECT organization_id AS org FROM forms WHERE id = :id', {
          id: form.id,
        }))!;
        const theirs = await formTally(new TenantDb(engine, org), form);
        expect(ordered(cachedTally(cache, form)), form.title).toEqual(ordered(theirs));
        // What the service answers is the definition's figures from its tally.
        const answered = (await admin<FormAnalytics>('GET', `/api/forms/${form.id}/analytics`)).body;
        expect(answered).toEqual(analyticsOf(form, theirs));
        expect((await app.call('forms.analytics', { id: form.id }))?.filtered).toBe(false);
      }
    } finally {
      cache.close();
    }
    const every = forms.find((f) => f.title === 'Every type')!;
    const local = (await app.call('forms.analytics', { id: every.id }))!.analytics!;
    expect(local.responseCount).toBe(7);
    const day = local.questions.find((q) => q.label === 'Day');
    expect(day?.type === 'DATE' ? day.byMonth : null).toEqual([
      { month: '2026-01', count: 3 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 2 },
    ]);
  });

  it('filter by dates and by department, offline, counting exactly the responses inside', async () => {
    const named = forms
      .filter((f) => !f.isAnonymous && f.title !== 'Every type')
      .reduce((a, b) => (b.responseCount > a.responseCount ? b : a));
    const responses = (await admin<{ data: FormResponse[] }>('GET', `/api/forms/${named.id}/responses?pageSize=500`))
      .body.data;
    const days = [...new Set(responses.map((r) => r.submittedAt.slice(0, 10)))].sort();
    const [from, to] = [days[0]!, days[Math.floor(days.length / 2) - 1]!];
    const inside = responses.filter((r) => r.submittedAt.slice(0, 10) >= from && r.submittedAt.slice(0, 10) <= to);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(responses.length);

    await service.stop();
    try {
      const dated = (await app.call('forms.analytics', { id: named.id, from, to }))!;
      expect(dated.filtered).toBe(true);
      expect(dated.analytics!.responseCount).toBe(inside.length);
      expect(dated.analytics!.responsesByDay.every((d) => d.date >= from && d.date <= to)).toBe(true);
      // A choice question's counts are those of the responses inside, counted here by hand.
      const choice = named.questions.find((q) => q.type === 'SINGLE_CHOICE' || q.type === 'YES_NO')!;
      const figures = dated.analytics!.questions.find((q) => q.questionId === choice.id)!;
      const given = inside.flatMap((r) => r.answers.filter((a) => a.questionId === choice.id).map((a) => a.value));
      if (figures.type === 'YES_NO') {
        expect([figures.yes, figures.no]).toEqual([
          given.filter((v) => v === 'yes').length,
          given.filter((v) => v === 'no').length,
        ]);
      } else if (figures.type === 'SINGLE_CHOICE') {
        for (const o of figures.options) expect(o.count, o.option).toBe(given.filter((v) => v === o.option).length);
      }

      const users = await app.call('users.list', { pageSize: 500 });
      expect(dated.departments.length).toBeGreaterThan(0);
      const one = dated.departments[0]!;
      const members = new Set(users.data.filter((u) => u.departmentId === one.id).map((u) => u.id));
      const byDepartment = (await app.call('forms.analytics', { id: named.id, departmentId: one.id }))!;
      expect(byDepartment.analytics!.responseCount).toBe(
        responses.filter((r) => r.respondent && members.has(r.respondent.id)).length,
      );
      expect(byDepartment.analytics!.responseCount).toBe(one.responses);
    } finally {
      await service.start();
    }
  });

  it('never show an anonymous form by department, nor a group of fewer than five', async () => {
    const anonymous = forms.find((f) => f.isAnonymous && f.responseCount >= 5)!;
    const all = (await app.call('forms.analytics', { id: anonymous.id }))!;
    expect(all.departments).toEqual([]);
    const days = all.analytics!.responsesByDay;
    // One day with fewer than five answers: withheld. The whole span, with five or more: shown.
    const small = days.find((d) => d.count < 5)!;
    expect(small).toBeDefined();
    const oneDay = (await app.call('forms.analytics', { id: anonymous.id, from: small.date, to: small.date }))!;
    expect(oneDay.analytics).toBeNull();
    expect(oneDay.withheld).toMatch(/^Fewer than 5 answers/);
    const span = (await app.call('forms.analytics', {
      id: anonymous.id,
      from: days[0]!.date,
      to: days[days.length - 1]!.date,
    }))!;
    expect(span.filtered).toBe(true);
    expect(span.analytics!.responseCount).toBe(anonymous.responseCount);
    // A department asked for anyway is not applied.
    const [department] = await app.call('departments.list');
    const asked = (await app.call('forms.analytics', { id: anonymous.id, departmentId: department!.id }))!;
    expect(asked.filtered).toBe(false);
    expect(asked.analytics!.responseCount).toBe(anonymous.responseCount);
  });

  it('list an anonymous form’s responses by day only, and none while fewer than five have answered', async () => {
    const made = await admin<Form>('POST', '/api/forms', {
      title: 'Quiet team',
      status: 'PUBLISHED',
      isAnonymous: true,
      questions: [{ type: 'RATING', label: 'Mood' }],
    });
    const answer = async (email: string, value: string) => {
      const who = await service.as(`${email}@acme.test`);
      const sent = await who('POST', `/api/forms/submit/${made.body.id}`, {
        answers: [{ questionId: made.body.questions[0]!.id, value }],
      });
      expect(sent.status).toBe(201);
    };
    for (const [i, email] of ['alice', 'bob', 'carol', 'manager'].entries()) await answer(email, String(i + 1));
    await app.call('sync.now');
    const few = await app.call('forms.responses', { id: made.body.id });
    expect(few.data).toEqual([]);
    expect(few.meta.total).toBe(4);
    expect(few.withheld).toBe(
      'This form is anonymous: its responses are shown once 5 people have answered, so that no one can be recognised. Its analytics count them already.',
    );
    // The figures are still there: the analytics withhold only groups picked out by a filter.
    expect((await app.call('forms.analytics', { id: made.body.id }))!.analytics!.responseCount).toBe(4);

    await answer('admin', '5');
    await app.call('sync.now');
    const enough = await app.call('forms.responses', { id: made.body.id });
    expect(enough.withheld).toBeUndefined();
    expect(enough.data).toHaveLength(5);
    for (const r of enough.data) {
      expect(r.respondent).toBeNull();
      expect(r.submittedAt).toMatch(/T00:00:00\.000Z$/);
    }
  });
});

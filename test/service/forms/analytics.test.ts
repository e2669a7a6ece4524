import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formAnalyticsSchema, type QuestionAnalytics } from '../../../src-shared/wire';
import { DEMO, signInAll, useDemoService } from '../../support/accounts';
import { ids, makeForm, submitted } from '../../support/forms';

const env = useDemoService({ scale: 6 });

describe('analytics on a small fixture', () => {
  it('computes every statistic exactly', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      allowMultipleSubmissions: true,
      questions: [
        { type: 'SINGLE_CHOICE', label: 'C1', options: ['A', 'B', 'C'] },
        { type: 'MULTIPLE_CHOICE', label: 'C2', options: ['X', 'Y', 'Z'] },
        { type: 'NUMBER', label: 'N' },
        { type: 'RATING', label: 'R' },
        { type: 'SCALE', label: 'S' },
        { type: 'SCALE', label: 'S7', min: 1, max: 7 },
        { type: 'YES_NO', label: 'Y' },
        { type: 'TEXT', label: 'T' },
        { type: 'DATE', label: 'D' },
      ],
    });
    const q = ids(form);
    const answers = (values: Record<string, string>) =>
      Object.fromEntries(Object.entries(values).map(([label, v]) => [q[label]!, v]));
    const everyone = await env.svc.request('GET', '/api/users?pageSize=8&sortBy=email', { token: env.a.admin.token });
    const userIds = (everyone.body as { data: { id: string }[] }).data.map((u) => u.id);
    await env.svc.request('POST', `/api/forms/${form.id}/distribute`, { token: env.a.admin.token, body: { userIds } });

    await submitted(
      env.svc,
      env.a.alice,
      form.id,
      answers({
        C1: 'A',
        C2: '["X","Y"]',
        N: '10',
        R: '5',
        S: '10',
        S7: '7',
        Y: 'yes',
        T: 'The coffee machine is great',
        D: '2026-03-05',
      }),
    );
    env.svc.clock.advance(1000);
    await submitted(
      env.svc,
      env.a.bob,
      form.id,
      answers({
        C1: 'A',
        C2: '["X"]',
        N: '20',
        R: '4',
        S: '9',
        S7: '1',
        Y: 'no',
        T: 'Great team and great coffee',
        D: '2026-01-10',
      }),
    );
    env.svc.clock.advance(86_400_000);
    const later = await signInAll(env.svc, { carol: DEMO.carol, manager: DEMO.manager, admin: DEMO.admin });
    await submitted(env.svc, later.carol, form.id, answers({ C1: 'B', R: '3', S: '7', Y: 'yes', D: '2026-12-01' }));
    env.svc.clock.advance(1000);
    await submitted(
      env.svc,
      later.manager,
      form.id,
      answers({ C2: '["Z","X"]', N: '30.5', R: '1', S: '2', Y: 'yes', T: 'coffee' }),
    );

    const res = await env.svc.request('GET', `/api/forms/${form.id}/analytics`, { token: later.admin.token });
    const analytics = res.as(formAnalyticsSchema);
    expect(analytics).toMatchObject({
      formId: form.id,
      responseCount: 4,
      distributedCount: 8,
      completionRate: 50,
      responsesByDay: [
        { date: '2026-03-02', count: 2 },
        { date: '2026-03-03', count: 2 },
      ],
    });
    const by = Object.fromEntries(analytics.questions.map((s) => [s.label, s])) as Record<string, QuestionAnalytics>;
    expect(by['C1']).toEqual({
      questionId: q['C1'],
      type: 'SINGLE_CHOICE',
      label: 'C1',
      asked: 4,
      answered: 3,
      skipped: 1,
      options: [
        { option: 'A', count: 2, percent: 66.7 },
        { option: 'B', count: 1, percent: 33.3 },
        { option: 'C', count: 0, percent: 0 },
      ],
    });
    expect(by['C2']).toMatchObject({
      answered: 3,
      skipped: 1,
      options: [
        { option: 'X', count: 3, percent: 100 },
        { option: 'Y', count: 1, percent: 33.3 },
        { option: 'Z', count: 1, percent: 33.3 },
      ],
    });
    expect(by['N']).toMatchObject({
      answered: 3,
      skipped: 1,
      mean: 20.17,
      median: 20,
      min: 10,
      max: 30.5,
      distribution: [
        { value: 10, count: 1 },
        { value: 20, count: 1 },
        { value: 30.5, count: 1 },
      ],
    });
    expect(by['R']).toMatchObject({
      answered: 4,
      skipped: 0,
      mean: 3.25,
      median: 3.5,
      min: 1,
      max: 5,
      distribution: [
        { value: 1, count: 1 },
        { value: 3, count: 1 },
        { value: 4, count: 1 },
        { value: 5, count: 1 },
      ],
    });
    expect(by['S']).toMatchObject({
      answered: 4,
      mean: 7,
      median: 8,
      min: 2,
      max: 10,
      nps: { promoters: 2, passives: 1, detractors: 1, score: 25 },
    });
    expect(by['S7']).toMatchObject({ answered: 2, skipped: 2, mean: 4, median: 4 });
    expect(by['S7']).not.toHaveProperty('nps');
    expect(by['Y']).toMatchObject({ answered: 4, skipped: 0, yes: 3, no: 1 });
    expect(by['T']).toMatchObject({
      answered: 3,
      skipped: 1,
      recent: ['coffee', 'Great team and great coffee', 'The coffee machine is great'],
      topWords: [
        { word: 'coffee', count: 3 },
        { word: 'great', count: 3 },
        { word: 'machine', count: 1 },
        { word: 'team', count: 1 },
      ],
    });
    expect(by['D']).toMatchObject({ answered: 3, skipped: 1, earliest: '2026-01-10', latest: '2026-12-01' });
    env.a = await signInAll(env.svc, DEMO);
  });

  it('answers empty statistics for a form nobody answered, and no rate when it was sent to nobody', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      questions: [
        { type: 'RATING', label: 'R' },
        { type: 'TEXT', label: 'T' },
      ],
    });
    const analytics = (
      await env.svc.request('GET', `/api/forms/${form.id}/analytics`, { token: env.a.admin.token })
    ).as(formAnalyticsSchema);
    expect(analytics).toMatchObject({
      responseCount: 0,
      distributedCount: 0,
      completionRate: null,
      responsesByDay: [],
    });
    expect(analytics.questions[0]).toMatchObject({
      answered: 0,
      skipped: 0,
      mean: null,
      median: null,
      distribution: [],
    });
    expect(analytics.questions[1]).toMatchObject({ recent: [], topWords: [] });
  });
});

describe('CSV export', () => {
  it('round-trips commas, quotes, newlines and unicode, and defuses formula-like cells', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      title: 'Export: "quoted", with commas',
      allowMultipleSubmissions: true,
      questions: [
        { type: 'TEXT', label: 'Comment, please' },
        { type: 'NUMBER', label: 'Amount "net"' },
      ],
    });
    const q = ids(form);
    const values = [
      'Hello, "world"',
      'line1\nline2\r\nline3',
      '=SUM(A1:A9)',
      '+1',
      '@cmd',
      'plain – ünïcode ✓',
      '\tTabbed',
    ];
    const numbers = ['1', '-2', '3.5', '4', '5', '6', '7'];
    for (const [i, value] of values.entries()) {
      env.svc.clock.advance(1000);
      await submitted(env.svc, env.a.alice, form.id, {
        [q['Comment, please']!]: value,
        [q['Amount "net"']!]: numbers[i]!,
      });
    }
    const res = await fetch(`${env.svc.url}/api/forms/${form.id}/responses.csv`, {
      headers: { authorization: `Bearer ${env.a.admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Export-quoted-with-commas-responses.csv"',
    );
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Response ID',
      'Submitted at (UTC)',
      'Respondent',
      'Email',
      'Comment, please',
      'Amount "net"',
    ]);
    expect(rows).toHaveLength(1 + values.length);
    // The single quote keeps a spreadsheet from running a text cell; everything else comes back exactly,
    // and a number (a negative one too) stays a number.
    const defused = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
    expect(rows.slice(1).map((r) => r[4])).toEqual(values.map((v) => defused(v.trim())));
    expect(rows.slice(1).map((r) => r[5])).toEqual(numbers);
    expect(rows[1]!.slice(2, 4)).toEqual(['Alice Archer', 'alice@acme.test']);
    // Asked again with nothing changed, the same bytes come back with the same headers.
    const again = await fetch(`${env.svc.url}/api/forms/${form.id}/responses.csv`, {
      headers: { authorization: `Bearer ${env.a.admin.token}` },
    });
    expect(again.headers.get('content-type')).toBe(res.headers.get('content-type'));
    expect(again.headers.get('content-disposition')).toBe(res.headers.get('content-disposition'));
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(await again.text()).toBe(text);
  });
});

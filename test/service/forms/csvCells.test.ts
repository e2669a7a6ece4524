import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formResponseListSchema, problemSchema } from '../../../src-shared/wire';
import { useDemoService, type Account } from '../../support/accounts';
import { ids, makeForm, submitted } from '../../support/forms';

const env = useDemoService({ scale: 6 });

async function csv(formId: string) {
  const res = await fetch(`${env.svc.url}/api/forms/${formId}/responses.csv`, {
    headers: { authorization: `Bearer ${env.a.admin.token}` },
  });
  return { status: res.status, text: await res.text() };
}

describe('the CSV of a form’s responses', () => {
  it('holds what a spreadsheet user reads: choices joined, yes and no, numbers as numbers, dates as dates', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      title: 'Every type',
      questions: [
        { type: 'MULTIPLE_CHOICE', label: 'Wishes', options: ['More focus time', 'Better tools', 'A garden'] },
        { type: 'SINGLE_CHOICE', label: 'Where', options: ['Home', 'Office'] },
        { type: 'YES_NO', label: 'Happy?' },
        { type: 'NUMBER', label: 'Balance' },
        { type: 'RATING', label: 'Rating' },
        { type: 'SCALE', label: 'Recommend', min: 0, max: 10 },
        { type: 'DATE', label: 'Since' },
        { type: 'TEXT', label: 'Note' },
      ],
    });
    const q = ids(form);
    const receipt = await submitted(env.svc, env.a.alice, form.id, {
      [q['Wishes']!]: JSON.stringify(['More focus time', 'Better tools']),
      [q['Where']!]: 'Home',
      [q['Happy?']!]: 'yes',
      [q['Balance']!]: '-2.5',
      [q['Rating']!]: '4',
      [q['Recommend']!]: '10',
      [q['Since']!]: '2025-09-01',
      [q['Note']!]: '-not a formula',
    });
    await submitted(env.svc, env.a.bob, form.id, { [q['Happy?']!]: 'no' });

    const { status, text } = await csv(form.id);
    expect(status).toBe(200);
    const rows = parse(text, { bom: true, cast: true, cast_date: false }) as (string | number)[][];
    expect(rows[0]).toEqual([
      'Response ID',
      'Submitted at (UTC)',
      'Respondent',
      'Email',
      'Wishes',
      'Where',
      'Happy?',
      'Balance',
      'Rating',
      'Recommend',
      'Since',
      'Note',
    ]);
    const alice = rows.find((r) => r[0] === receipt.id)!;
    expect(alice.slice(2)).toEqual([
      'Alice Archer',
      'alice@acme.test',
      'More focus time; Better tools',
      'Home',
      'Yes',
      -2.5,
      4,
      10,
      '2025-09-01',
      "'-not a formula",
    ]);
    // A time a spreadsheet reads as one, not the wire's ISO form.
    expect(alice[1]).toBe(`${receipt.submittedAt.slice(0, 10)} ${receipt.submittedAt.slice(11, 19)}`);
    const bob = rows.find((r) => r[2] === 'Bob Becker')!;
    expect(bob.slice(4)).toEqual(['', '', 'No', '', '', '', '', '']);
  });
});

describe('an anonymous form’s responses', () => {
  it('are exported by day and without names once five have answered, and not before', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      title: 'Small team pulse',
      isAnonymous: true,
      questions: [{ type: 'RATING', label: 'Mood' }],
    });
    const q = ids(form)['Mood']!;
    const people: Account[] = [env.a.alice, env.a.bob, env.a.carol, env.a.manager];
    for (const [i, who] of people.entries()) {
      env.svc.clock.advance(2 * 60_000);
      await submitted(env.svc, who, form.id, { [q]: String(i + 1) });
    }
    const early = await csv(form.id);
    expect(early.status).toBe(409);
    expect(problemSchema.parse(JSON.parse(early.text)).detail).toBe(
      'This form is anonymous: its responses can be exported once 5 people have answered, so that no one can be recognised',
    );
    // The list the app reads keeps every time to the day.
    const listed = (await env.svc.request('GET', `/api/forms/${form.id}/responses`, { token: env.a.admin.token })).as(
      formResponseListSchema,
    );
    expect(new Set(listed.data.map((r) => r.submittedAt))).toEqual(new Set(['2026-03-02T00:00:00.000Z']));

    await submitted(env.svc, env.a.admin, form.id, { [q]: '5' });
    const { status, text } = await csv(form.id);
    expect(status).toBe(200);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Response ID', 'Submitted on (UTC)', 'Mood']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(Array(5).fill('2026-03-02'));
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['1', '2', '3', '4', '5']);
  });
});

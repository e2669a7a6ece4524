import { describe, expect, it } from 'vitest';
import type { Form, FormResponse } from '../../src-shared/wire';
import { writeRow } from '../../src-main/core/cache/entities';
import { keepOnlyFormResponses, writeFormResponse } from '../../src-main/core/forms/formStore';
import { openCache, type CacheDb } from '../../src-main/core/cache/openCache';
import { formColumns, storeFormColumns, type FormColumns } from '../../src-main/core/forms/formColumns';
import { formInsights, textAnswers } from '../../src-main/core/forms/formInsights';

const form: Form = {
  id: 'f1',
  title: 'Pulse',
  description: null,
  isAnonymous: false,
  requireAuthentication: true,
  allowMultipleSubmissions: true,
  maxSubmissions: null,
  openDate: null,
  closeDate: null,
  status: 'PUBLISHED',
  questions: [
    { id: 'q-mood', type: 'SINGLE_CHOICE', label: 'Mood', required: true, options: ['Good', 'Bad'] },
    { id: 'q-why', type: 'TEXT', label: 'Why', required: false },
  ],
  responseCount: 0,
  createdBy: 'admin',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  version: 1,
} as Form;

const response = (n: number, mood: string, why?: string): FormResponse => ({
  id: `r${String(n).padStart(3, '0')}`,
  // Two on each day, the same second for both: the later id comes first among them.
  submittedAt: new Date(Date.UTC(2030, 0, 1 + Math.floor(n / 2), 9)).toISOString(),
  respondent: { id: `u${n % 3}`, name: `Person ${n % 3}`, email: `p${n % 3}@acme.test` },
  answers: [{ questionId: 'q-mood', value: mood }, ...(why ? [{ questionId: 'q-why', value: why }] : [])],
});

function cacheWith(responses: FormResponse[]): CacheDb {
  const db = openCache(':memory:');
  writeRow(db, 'forms', form.id, form, form);
  for (const r of responses) writeFormResponse(db, form.id, r);
  return db;
}

/** Columns compared by response: the same answers, whatever order they were coded in. */
const byResponse = (c: FormColumns) =>
  Object.fromEntries(
    c.ids.map((id, i) => [
      id,
      {
        at: c.submittedAt[i],
        who: c.respondents[i],
        answers: Object.fromEntries(
          Object.entries(c.questions)
            .filter(([, q]) => q.codes[i]! >= 0)
            .map(([qid, q]) => [qid, q.values[q.codes[i]!]]),
        ),
      },
    ]),
  );

describe("a form's responses as columns", () => {
  const first = Array.from({ length: 12 }, (_, n) =>
    response(n, n % 3 ? 'Good' : 'Bad', n % 2 ? `reason ${n}` : undefined),
  );

  it('kept up to date by appending what a sync added, and built again when a response changed or went', () => {
    const db = cacheWith(first);
    storeFormColumns(db, form.id);
    const added = [response(12, 'Bad', 'late reason'), response(13, 'Good')];
    for (const r of added) writeFormResponse(db, form.id, r);
    const appended = formColumns(db, form.id);
    const fresh = cacheWith([...first, ...added]);
    expect(byResponse(appended)).toEqual(byResponse(formColumns(fresh, form.id)));
    expect(appended.ids).toHaveLength(14);

    // A response the service changed (written again under its id), one it dropped.
    writeFormResponse(db, form.id, { ...first[0]!, answers: [{ questionId: 'q-mood', value: 'Good' }] });
    keepOnlyFormResponses(db, form.id, new Set([...first, ...added].map((r) => r.id).filter((id) => id !== 'r005')));
    const rebuilt = byResponse(formColumns(db, form.id));
    expect(Object.keys(rebuilt)).toHaveLength(13);
    expect(rebuilt['r000']!.answers).toEqual({ 'q-mood': 'Good' });
    expect(rebuilt['r005']).toBeUndefined();

    // The stored copy is what a new reading (another process, after a restart) starts from.
    storeFormColumns(db, form.id);
    const stored = JSON.parse(
      (db.prepare('SELECT json FROM form_columns WHERE form_id = ?').get(form.id) as { json: string }).json,
    ) as FormColumns;
    expect(byResponse(stored)).toEqual(rebuilt);
  });

  it('give the figures, the latest texts first and a search of them, filtered by dates', () => {
    const db = cacheWith(first);
    const all = formInsights(db, form, {}).analytics!;
    expect(all.responseCount).toBe(12);
    const mood = all.questions[0] as { options: { option: string; count: number }[] };
    expect(mood.options).toEqual([
      expect.objectContaining({ option: 'Good', count: 8 }),
      expect.objectContaining({ option: 'Bad', count: 4 }),
    ]);
    const why = all.questions[1] as { recent: string[] };
    expect(why.recent).toEqual(['reason 11', 'reason 9', 'reason 7', 'reason 5', 'reason 3', 'reason 1']);

    const lateDays = formInsights(db, form, { from: '2030-01-04' }).analytics!;
    expect(lateDays.responseCount).toBe(6);
    expect(lateDays.responsesByDay.map((d) => d.date)).toEqual(['2030-01-04', '2030-01-05', '2030-01-06']);

    const found = textAnswers(db, form, 'q-why', 'REASON 1', {}, 1);
    expect(found).toEqual({ answers: [{ value: 'reason 11', submittedAt: '2030-01-06T09:00:00.000Z' }], total: 2 });
    expect(textAnswers(db, form, 'q-why', '', { to: '2030-01-02' }).answers.map((a) => a.value)).toEqual([
      'reason 3',
      'reason 1',
    ]);
  });
});

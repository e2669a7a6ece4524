import { describe, expect, it } from 'vitest';
import {
  analyticsOf,
  responseTimeline,
  type FormTally,
  type QuestionTally,
} from '../../src-shared/records/formAnalytics';
import type { Question, QuestionAnalytics } from '../../src-shared/wire';

// The one definition of a form's figures, from tallies written by hand. That the service and the
// app feed it the same tally is tested against the real service (test/sync/formAnalytics.test.ts).

const question = (id: string, type: Question['type'], extra: Partial<Question> = {}): Question => ({
  id,
  type,
  label: id,
  description: null,
  required: false,
  options: null,
  min: null,
  max: null,
  minLabel: null,
  maxLabel: null,
  order: 0,
  ...extra,
});

const tally = (values: [string, number][], latest: string[] = []): QuestionTally => ({
  values: values.map(([value, count]) => ({ value, count })),
  latest,
});

function figures(q: Question, t: QuestionTally | undefined, responseCount = 10): QuestionAnalytics {
  const form: FormTally = {
    responseCount,
    distributedCount: 0,
    responsesByDay: [],
    questions: t ? { [q.id]: t } : {},
  };
  return analyticsOf({ id: 'f', questions: [q] }, form).questions[0]!;
}

describe('the figures of a form', () => {
  it('count choices with percents of those who answered; a multiple choice unpacks its lists', () => {
    const single = question('site', 'SINGLE_CHOICE', { options: ['North', 'South', 'East'] });
    expect(
      figures(
        single,
        tally([
          ['North', 3],
          ['South', 1],
        ]),
      ),
    ).toMatchObject({
      answered: 4,
      skipped: 6,
      options: [
        { option: 'North', count: 3, percent: 75 },
        { option: 'South', count: 1, percent: 25 },
        { option: 'East', count: 0, percent: 0 },
      ],
    });
    const multiple = question('tools', 'MULTIPLE_CHOICE', { options: ['Mail', 'Chat', 'Wiki'] });
    const picked = figures(
      multiple,
      tally([
        ['["Mail","Wiki"]', 2],
        ['["Chat"]', 1],
        ['not a list', 1],
      ]),
    );
    expect(picked).toMatchObject({
      answered: 4,
      options: [
        { option: 'Mail', count: 2, percent: 50 },
        { option: 'Chat', count: 1, percent: 25 },
        { option: 'Wiki', count: 2, percent: 50 },
      ],
    });
  });

  it('give numbers their mean to two places, median, range and one distribution', () => {
    const hours = question('hours', 'NUMBER');
    // 1.5 written two ways is one value; a blank or a word is no number.
    const odd = figures(
      hours,
      tally([
        ['1.5', 2],
        ['1.50', 1],
        ['4', 1],
        ['10', 1],
        ['', 1],
        ['many', 1],
      ]),
    );
    expect(odd).toMatchObject({
      answered: 5,
      mean: 3.7,
      median: 1.5,
      min: 1.5,
      max: 10,
      distribution: [
        { value: 1.5, count: 3 },
        { value: 4, count: 1 },
        { value: 10, count: 1 },
      ],
    });
    const even = figures(
      hours,
      tally([
        ['1', 1],
        ['2', 1],
        ['4', 1],
        ['7', 2],
        ['8', 1],
      ]),
    );
    expect(even).toMatchObject({ answered: 6, median: 5.5, mean: 4.83 });
    expect(figures(hours, undefined)).toMatchObject({ answered: 0, skipped: 10, mean: null, median: null, min: null });
  });

  it('score a 0–10 scale as NPS, and no other scale', () => {
    const nps = figures(
      question('r', 'SCALE', { min: 0, max: 10 }),
      tally([
        ['10', 3],
        ['9', 2],
        ['8', 2],
        ['3', 3],
      ]),
    );
    expect(nps).toMatchObject({ answered: 10, nps: { promoters: 5, passives: 2, detractors: 3, score: 20 } });
    expect(figures(question('s', 'SCALE', { min: 1, max: 7 }), tally([['7', 1]]))).not.toHaveProperty('nps');
  });

  it('count yes and no, nothing else', () => {
    expect(
      figures(
        question('again', 'YES_NO'),
        tally([
          ['yes', 4],
          ['no', 2],
          ['maybe', 1],
        ]),
      ),
    ).toMatchObject({
      answered: 6,
      skipped: 4,
      yes: 4,
      no: 2,
    });
  });

  it('show texts latest first (at most 20) and their top words, each text as often as written', () => {
    const latest = Array.from({ length: 25 }, (_, i) => `note ${i}`);
    const texts = figures(
      question('c', 'TEXTAREA'),
      tally(
        [
          ['Clear goals', 3],
          ['Clear tools', 1],
        ],
        latest,
      ),
    );
    expect(texts).toMatchObject({ answered: 4, skipped: 6 });
    if (texts.type !== 'TEXTAREA') throw new Error(texts.type);
    expect(texts.recent).toEqual(latest.slice(0, 20));
    expect(texts.topWords).toEqual([
      { word: 'clear', count: 4 },
      { word: 'goals', count: 3 },
      { word: 'tools', count: 1 },
    ]);
  });

  it('give dates their range and their months', () => {
    const dates = figures(
      question('day', 'DATE'),
      tally([
        ['2026-03-10', 1],
        ['2026-01-12', 2],
        ['2026-01-30', 1],
      ]),
    );
    expect(dates).toMatchObject({
      answered: 4,
      earliest: '2026-01-12',
      latest: '2026-03-10',
      byMonth: [
        { month: '2026-01', count: 3 },
        { month: '2026-03', count: 1 },
      ],
    });
  });

  it('rate completion against those it was sent to, capped at 100, none when sent to nobody', () => {
    const of = (responseCount: number, distributedCount: number) =>
      analyticsOf({ id: 'f', questions: [] }, { responseCount, distributedCount, responsesByDay: [], questions: {} })
        .completionRate;
    expect(of(3, 8)).toBe(37.5);
    expect(of(9, 8)).toBe(100);
    expect(of(3, 0)).toBeNull();
  });
});

describe('responses over time', () => {
  const days = (...pairs: [string, number][]) => pairs.map(([date, count]) => ({ date, count }));

  it('gives every day of the range its place, the days without a response as zero', () => {
    const { unit, buckets } = responseTimeline(days(['2026-11-02', 3], ['2026-11-05', 1], ['2026-11-06', 2]));
    expect(unit).toBe('day');
    expect(buckets.map((b) => [b.start, b.count])).toEqual([
      ['2026-11-02', 3],
      ['2026-11-03', 0],
      ['2026-11-04', 0],
      ['2026-11-05', 1],
      ['2026-11-06', 2],
    ]);
    expect(buckets.every((b) => b.start === b.end)).toBe(true);
  });

  it('spans the filter’s dates where they are set, and crosses a month’s end', () => {
    const { buckets } = responseTimeline(days(['2026-11-30', 1], ['2026-12-02', 4]), {
      from: '2026-11-28',
      to: '2026-12-03',
    });
    expect(buckets.map((b) => [b.start, b.count])).toEqual([
      ['2026-11-28', 0],
      ['2026-11-29', 0],
      ['2026-11-30', 1],
      ['2026-12-01', 0],
      ['2026-12-02', 4],
      ['2026-12-03', 0],
    ]);
  });

  it('takes a few months by week, Monday to Sunday, the ends cut to the range', () => {
    // Thursday 1 October to Friday 27 November 2026: nine weeks or parts of one.
    const { unit, buckets } = responseTimeline(
      days(['2026-10-01', 2], ['2026-10-04', 1], ['2026-10-05', 5], ['2026-11-27', 1]),
      {
        from: '2026-10-01',
        to: '2026-12-15',
      },
    );
    expect(unit).toBe('week');
    expect(buckets[0]).toEqual({ start: '2026-10-01', end: '2026-10-04', count: 3 });
    expect(buckets[1]).toEqual({ start: '2026-10-05', end: '2026-10-11', count: 5 });
    expect(buckets.at(-1)).toEqual({ start: '2026-12-14', end: '2026-12-15', count: 0 });
    expect(buckets.find((b) => b.start === '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29', count: 1 });
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(9);
    expect(buckets.filter((b) => b.count === 0).length).toBe(buckets.length - 3);
  });

  it('takes a long range by month, empty months as zero', () => {
    const { unit, buckets } = responseTimeline(days(['2025-11-15', 2], ['2026-02-03', 1], ['2026-11-27', 4]));
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toEqual({ start: '2025-11-15', end: '2025-11-30', count: 2 });
    expect(buckets[1]).toEqual({ start: '2025-12-01', end: '2025-12-31', count: 0 });
    expect(buckets[3]).toEqual({ start: '2026-02-01', end: '2026-02-28', count: 1 });
    expect(buckets.at(-1)).toEqual({ start: '2026-11-01', end: '2026-11-27', count: 4 });
  });

  it('has nothing to show without responses or a range', () => {
    expect(responseTimeline([]).buckets).toEqual([]);
  });
});

import { addMonths, startOfMonth, startOfWeek } from 'date-fns';
import { addDays, dateString, daysBetween, utcDate } from '../calendar/dates';
import type { FormAnalytics, Question, QuestionAnalytics } from '../wire/forms';
import { topWords } from './topWords';

// The one definition of a form's figures. Each side feeds it from its own store: the service from
// SQL over its answers, the app from the responses it caches (filtered by dates or department).

/** How many of a text question's latest answers the figures show. */
export const RECENT_TEXTS = 20;

/** One question's answers as a store counts them: its figures are made from this alone. */
export interface QuestionTally {
  /** Each different answer given (as stored: text, a number as text, a JSON list of choices), and how often. */
  values: { value: string; count: number }[];
  /** A text question's latest answers, latest response first, at most RECENT_TEXTS. */
  latest: string[];
}

/** A form's responses as a store counts them. */
export interface FormTally {
  responseCount: number;
  /** People the form was sent to (the service's count). */
  distributedCount: number;
  /** Responses by the day they were submitted, in date order. */
  responsesByDay: { date: string; count: number }[];
  /** By question id; a question nobody answered may be missing. */
  questions: Record<string, QuestionTally>;
  /** How many responses were not asked each question (their other answers hid it); absent: none. */
  unasked?: Record<string, number>;
}

export const roundTo = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : roundTo((part / whole) * 100, 1));

/** Net Promoter Score applies to a 0–10 scale. */
export const isNpsScale = (q: Pick<Question, 'type' | 'min' | 'max'>) =>
  q.type === 'SCALE' && (q.min ?? 0) === 0 && (q.max ?? 10) === 10;

/** Promoters (9–10), passives (7–8) and detractors (0–6) of a 0–10 scale, and the score from −100 to 100. */
export function npsOf(distribution: readonly { value: number; count: number }[], answered: number) {
  const bucket = (from: number, to: number) =>
    distribution.filter((d) => d.value >= from && d.value <= to).reduce((s, d) => s + d.count, 0);
  const promoters = bucket(9, 10);
  const detractors = bucket(0, 6);
  return {
    promoters,
    passives: bucket(7, 8),
    detractors,
    score: answered === 0 ? 0 : Math.round(((promoters - detractors) / answered) * 100),
  };
}

const total = (values: readonly { count: number }[]) => values.reduce((n, v) => n + v.count, 0);

/** Count, mean (two places), median, range and distribution of the numbers among the answers. */
function numeric(values: readonly { value: string; count: number }[]) {
  const counts = new Map<number, number>();
  for (const { value, count } of values) {
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n)) counts.set(n, (counts.get(n) ?? 0) + count);
  }
  const distribution = [...counts].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count }));
  const n = total(distribution);
  /** The value at a position of the answers in order. */
  const at = (position: number) => {
    let seen = 0;
    for (const d of distribution) {
      seen += d.count;
      if (position < seen) return d.value;
    }
    return NaN;
  };
  const sum = distribution.reduce((s, d) => s + d.value * d.count, 0);
  return {
    answered: n,
    mean: n === 0 ? null : roundTo(sum / n, 2),
    median: n === 0 ? null : n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2,
    min: distribution[0]?.value ?? null,
    max: distribution[distribution.length - 1]?.value ?? null,
    distribution,
  };
}

/** The options picked in one answer: the value of a single choice, the JSON list of a multiple one. */
function picked(type: 'SINGLE_CHOICE' | 'MULTIPLE_CHOICE', value: string): string[] {
  if (type === 'SINGLE_CHOICE') return [value];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function questionFigures(q: Question, tally: QuestionTally, asked: number): QuestionAnalytics {
  const base = { questionId: q.id, label: q.label };
  // Counted against those asked: a question a condition hid from a response is not skipped by it.
  const withCounts = (answered: number) => ({ ...base, asked, answered, skipped: asked - answered });
  const { values } = tally;
  switch (q.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const counts = new Map<string, number>();
      for (const { value, count } of values) {
        for (const option of picked(q.type, value)) counts.set(option, (counts.get(option) ?? 0) + count);
      }
      const answered = total(values);
      return {
        ...withCounts(answered),
        type: q.type,
        // Percent of those who answered: a multiple choice's may add up past 100.
        options: (q.options ?? []).map((option) => {
          const count = counts.get(option) ?? 0;
          return { option, count, percent: percentOf(count, answered) };
        }),
      };
    }
    case 'NUMBER':
    case 'RATING': {
      const { answered, ...stats } = numeric(values);
      return { ...withCounts(answered), type: q.type, ...stats };
    }
    case 'SCALE': {
      const { answered, ...stats } = numeric(values);
      if (!isNpsScale(q)) return { ...withCounts(answered), type: 'SCALE', ...stats };
      return { ...withCounts(answered), type: 'SCALE', ...stats, nps: npsOf(stats.distribution, answered) };
    }
    case 'YES_NO': {
      const yes = total(values.filter((v) => v.value === 'yes'));
      const no = total(values.filter((v) => v.value === 'no'));
      return { ...withCounts(yes + no), type: 'YES_NO', yes, no };
    }
    case 'TEXT':
    case 'TEXTAREA':
      return {
        ...withCounts(total(values)),
        type: q.type,
        recent: tally.latest.slice(0, RECENT_TEXTS),
        topWords: topWords(values),
      };
    case 'DATE': {
      const dates = [...values].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
      const months = new Map<string, number>();
      for (const d of dates) months.set(d.value.slice(0, 7), (months.get(d.value.slice(0, 7)) ?? 0) + d.count);
      return {
        ...withCounts(total(dates)),
        type: 'DATE',
        earliest: dates[0]?.value ?? null,
        latest: dates[dates.length - 1]?.value ?? null,
        byMonth: [...months].map(([month, count]) => ({ month, count })),
      };
    }
  }
}

const NOTHING: QuestionTally = { values: [], latest: [] };

/**
 * A form's analytics from its tally: choices counted with percents of those who answered, numbers
 * with mean (two places), median, range and distribution, NPS for a 0–10 scale, yes and no, the 20
 * latest texts and their top words, the range of dates and their months; the completion rate is the
 * percent of the people it was sent to who answered (capped: open forms take answers from others too).
 */
export function analyticsOf(form: { id: string; questions: readonly Question[] }, tally: FormTally): FormAnalytics {
  const { responseCount, distributedCount } = tally;
  return {
    formId: form.id,
    responseCount,
    distributedCount,
    completionRate: distributedCount === 0 ? null : Math.min(100, percentOf(responseCount, distributedCount)),
    responsesByDay: tally.responsesByDay,
    questions: form.questions.map((q) =>
      questionFigures(q, tally.questions[q.id] ?? NOTHING, responseCount - (tally.unasked?.[q.id] ?? 0)),
    ),
  };
}

/** What one bar of "Responses over time" stands for. */
export type TimelineUnit = 'day' | 'week' | 'month';

export interface TimelineBucket {
  /** The first and last day it counts (ISO dates): a week or month cut by the range's ends is shorter. */
  start: string;
  end: string;
  count: number;
}

/** Up to this many days, one bar a day; up to TIMELINE_WEEKS_UP_TO, a week (Monday to Sunday); beyond, a month. */
export const TIMELINE_DAYS_UP_TO = 62;
export const TIMELINE_WEEKS_UP_TO = 26 * 7;

/**
 * Responses by day as a time axis: every day of the range has its place, the days without a
 * response counting zero, so the bars' spacing is time's. A long range is taken by week or by month
 * so it stays readable. The range is the filter's where one is set, else the first to the last
 * response.
 */
export function responseTimeline(
  byDay: readonly { date: string; count: number }[],
  range: { from?: string; to?: string } = {},
): { unit: TimelineUnit; buckets: TimelineBucket[] } {
  const dates = byDay.map((d) => d.date).sort();
  const from = range.from || dates[0];
  const to = range.to || dates[dates.length - 1];
  if (!from || !to || to < from) return { unit: 'day', buckets: [] };
  const days = daysBetween(from, to) + 1;
  const unit: TimelineUnit = days <= TIMELINE_DAYS_UP_TO ? 'day' : days <= TIMELINE_WEEKS_UP_TO ? 'week' : 'month';
  /** The first day of the bar a day falls in (before the range's start is cut); weeks start on Monday, as in the calendar. */
  const barStart = (day: string): string =>
    unit === 'day'
      ? day
      : dateString(unit === 'week' ? startOfWeek(utcDate(day), { weekStartsOn: 1 }) : startOfMonth(utcDate(day)));
  const barAfter = (start: string): string =>
    unit === 'day' ? addDays(start, 1) : unit === 'week' ? addDays(start, 7) : dateString(addMonths(utcDate(start), 1));
  const buckets: TimelineBucket[] = [];
  const index = new Map<string, TimelineBucket>();
  for (let start = barStart(from); start <= to; start = barAfter(start)) {
    const bucket = {
      start: start < from ? from : start,
      end: addDays(barAfter(start), -1) > to ? to : addDays(barAfter(start), -1),
      count: 0,
    };
    index.set(start, bucket);
    buckets.push(bucket);
  }
  for (const { date, count } of byDay) {
    if (date < from || date > to) continue;
    index.get(barStart(date))!.count += count;
  }
  return { unit, buckets };
}

import { useState } from 'react';
import type { AnalyticsFilter } from '@shared/appApi';
import { responseTimeline, type TimelineBucket, type TimelineUnit } from '@shared/records/formAnalytics';
import { choiceRange } from '@shared/rules';
import type { Form } from '@shared/wire';
import { Button, DateRangePicker, Empty, ErrorNote, Loading, Select } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { utcDay } from '../../myFormWords';
import { ChartFrame } from './ChartFrame';
import { ColumnBars } from './charts';
import { QuestionFigures } from './QuestionFigures';

const EVERY = 'every';
const utc = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  return (d: string) => format.format(new Date(`${d}T00:00:00Z`));
};
const dayName = utc({ day: 'numeric', month: 'short' });
const monthName = utc({ month: 'short', year: 'numeric' });
const fullMonthName = utc({ month: 'long', year: 'numeric' });
const RANGE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** How each bar of "Responses over time" is named: under the bar, in the table, in the summary. */
const TIMELINE_WORDS: Record<
  TimelineUnit,
  {
    column: string;
    each: string;
    tick: (b: TimelineBucket) => string;
    row: (b: TimelineBucket) => string;
    /** The bar named in a sentence: "2 Sept", "the week of 2 Sept", "September 2026". */
    named: (b: TimelineBucket) => string;
  }
> = {
  day: {
    column: 'Day',
    each: 'Each bar is one day; days without a response show as zero.',
    tick: (b) => dayName(b.start),
    row: (b) => utcDay(b.start),
    named: (b) => dayName(b.start),
  },
  week: {
    column: 'Week',
    each: 'Each bar is one week, Monday to Sunday; weeks without a response show as zero.',
    tick: (b) => dayName(b.start),
    row: (b) => RANGE.formatRange(new Date(`${b.start}T00:00:00Z`), new Date(`${b.end}T00:00:00Z`)),
    named: (b) => `the week of ${dayName(b.start)}`,
  },
  month: {
    column: 'Month',
    each: 'Each bar is one month; months without a response show as zero.',
    tick: (b) => monthName(b.start),
    row: (b) => fullMonthName(b.start),
    named: (b) => fullMonthName(b.start),
  },
};

/**
 * What people answered, at a glance: computed on this computer from the synced responses, so it
 * reads (and filters) offline; unfiltered it equals the service's own figures.
 */
export function AnalyticsTab({ form }: { form: Form }) {
  const [range, setRange] = useState({ start: '', end: '' });
  const [departmentId, setDepartmentId] = useState('');
  const filter: AnalyticsFilter = {
    ...(range.start ? { from: range.start } : {}),
    ...(range.end ? { to: range.end } : {}),
    ...(departmentId ? { departmentId } : {}),
  };
  const insights = useAppQuery('forms.analytics', { id: form.id, ...filter });
  const online = useAppStore((s) => s.sync?.online ?? false);
  const data = insights.data;
  const a = data?.analytics;
  const filtered = !!(range.start || range.end || departmentId);
  const ranges = new Map(
    form.questions.filter((q) => q.type === 'RATING' || q.type === 'SCALE').map((q) => [q.id, choiceRange(q)]),
  );

  return (
    <div className="analytics-tab">
      <div className="forms-filters" role="group" aria-label="Filter the answers">
        <DateRangePicker label="Submitted between" value={range} onChange={setRange} />
        {!form.isAnonymous && (
          <Select
            label="Department"
            items={[
              { id: EVERY, name: 'Every department' },
              ...(data?.departments ?? []).map((d) => ({ id: d.id, name: `${d.name} (${d.responses})` })),
            ]}
            value={departmentId || EVERY}
            onChange={(id) => setDepartmentId(id === EVERY ? '' : id)}
          />
        )}
        {filtered && (
          <Button
            onPress={() => {
              setRange({ start: '', end: '' });
              setDepartmentId('');
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
      {form.isAnonymous && (
        <p className="hint">
          This form is anonymous: there is no filter by department, and fewer than 5 answers are never shown apart.
        </p>
      )}
      {!online && <p className="hint">Offline: these figures are from the responses synced to this computer.</p>}
      {insights.error && <ErrorNote message={insights.error} onRetry={insights.reload} />}
      {!data && insights.loading && <Loading label="Counting the answers" />}
      {data?.withheld && <Empty>{data.withheld}.</Empty>}
      {a && a.responseCount === 0 && (
        <Empty>
          {filtered
            ? 'No response matches these filters.'
            : form.status === 'DRAFT'
              ? 'No answers: the form is a draft. Publish and distribute it to collect answers.'
              : 'No answers yet. They are counted here after each sync.'}
        </Empty>
      )}
      {a && a.responseCount > 0 && (
        <>
          <dl className="forms-headline-figures" aria-label="In figures">
            <div>
              <dt>Responses</dt>
              <dd>{a.responseCount}</dd>
            </div>
            <div>
              <dt>Sent to</dt>
              <dd>{a.distributedCount || '—'}</dd>
            </div>
            <div>
              <dt>Completion rate</dt>
              <dd>{filtered ? '—' : a.completionRate === null ? 'Not sent to anyone' : `${a.completionRate}%`}</dd>
            </div>
          </dl>
          {filtered && (
            <p className="hint">
              Filtered: the completion rate counts everyone the form was sent to, so it is left out.
            </p>
          )}
          <ResponsesOverTime byDay={a.responsesByDay} total={a.responseCount} range={range} />
          <div className="forms-question-figures">
            {a.questions.map((q) => (
              <QuestionFigures
                key={q.questionId}
                q={q}
                formId={form.id}
                anonymous={form.isAnonymous}
                filter={filter}
                ranges={ranges}
                responses={a.responseCount}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** Responses on a time axis: empty days (weeks, months) as zero, the bars spaced as time is. */
function ResponsesOverTime({
  byDay,
  total,
  range,
}: {
  byDay: { date: string; count: number }[];
  total: number;
  range: { start: string; end: string };
}) {
  const { unit, buckets } = responseTimeline(byDay, { from: range.start, to: range.end });
  const words = TIMELINE_WORDS[unit];
  const most = Math.max(...buckets.map((b) => b.count));
  const busiest = buckets.filter((b) => b.count === most);
  const unitName = words.column.toLowerCase();
  const answered = byDay
    .filter((d) => d.count > 0)
    .map((d) => d.date)
    .sort();
  const [first, last] = [utcDay(answered[0]!), utcDay(answered[answered.length - 1]!)];
  const when = first === last ? `on ${first}` : `from ${first} to ${last}`;
  return (
    <ChartFrame
      title="Responses over time"
      summary={`${total} response${total === 1 ? '' : 's'} ${when}. ${words.each} ${
        busiest.length === 1
          ? `The busiest ${unitName} was ${words.named(busiest[0]!)}, with ${most}.`
          : `The most in one ${unitName} was ${most}, in ${busiest.length} ${unitName}s.`
      }`}
      table={{ columns: [words.column, 'Responses'], rows: buckets.map((b) => [words.row(b), b.count]) }}
    >
      <ColumnBars rows={buckets.map((b) => ({ name: words.tick(b), count: b.count }))} unit="Responses" />
    </ChartFrame>
  );
}

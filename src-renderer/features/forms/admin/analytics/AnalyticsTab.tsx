import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { AnalyticsFilter } from '@shared/appApi';
import { responseTimeline, type TimelineBucket, type TimelineUnit } from '@shared/records/formAnalytics';
import { choiceRange } from '@shared/rules';
import type { Form } from '@shared/wire';
import { Button, DateRangePicker, Empty, ErrorNote, Loading, Select } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { SPACE } from '@renderer/i18n/punctuation';
import { NONE } from '../../marks';
import { dateRangeText, dateText, dayMonthText, monthText } from '@renderer/i18n/dates';
import { ChartFrame } from './ChartFrame';
import { ColumnBars, PERCENT } from './charts';
import { QuestionFigures } from './QuestionFigures';

const EVERY = 'every';

/** How each bar of "Responses over time" is dated: under the bar, in the table, in the summary. */
const TIMELINE_DATES: Record<
  TimelineUnit,
  {
    tick: (intl: IntlShape, b: TimelineBucket) => string;
    row: (intl: IntlShape, b: TimelineBucket) => string;
    /** The bar's date in the summary: "2 Sept" (a day, a week's first), "September 2026". */
    named: (intl: IntlShape, b: TimelineBucket) => string;
  }
> = {
  day: {
    tick: (intl, b) => dayMonthText(intl, b.start),
    row: (intl, b) => dateText(intl, b.start),
    named: (intl, b) => dayMonthText(intl, b.start),
  },
  week: {
    tick: (intl, b) => dayMonthText(intl, b.start),
    row: (intl, b) => dateRangeText(intl, b.start, b.end),
    named: (intl, b) => dayMonthText(intl, b.start),
  },
  month: {
    tick: (intl, b) => monthText(intl, b.start),
    row: (intl, b) => monthText(intl, b.start, true),
    named: (intl, b) => monthText(intl, b.start, true),
  },
};

const MESSAGES = {
  filters: defineMessage({ id: 'forms.analytics.filters', defaultMessage: 'Filter the answers' }),
  submittedBetween: defineMessage({ id: 'forms.analytics.submittedBetween', defaultMessage: 'Submitted between' }),
  department: defineMessage({ id: 'forms.analytics.department', defaultMessage: 'Department' }),
  everyDepartment: defineMessage({ id: 'forms.analytics.everyDepartment', defaultMessage: 'Every department' }),
  departmentCount: defineMessage<{ department: string; count: number }>({
    id: 'forms.analytics.departmentCount',
    defaultMessage: '{department} ({count})',
  }),
  counting: defineMessage({ id: 'forms.analytics.counting', defaultMessage: 'Counting the answers' }),
  figures: defineMessage({ id: 'forms.analytics.figures', defaultMessage: 'In figures' }),
  overTime: defineMessage({ id: 'forms.analytics.overTime', defaultMessage: 'Responses over time' }),
  unit: defineMessage<{ unit: TimelineUnit }>({
    id: 'forms.analytics.overTime.unit',
    defaultMessage: '{unit, select, day {Day} week {Week} other {Month}}',
  }),
  responses: defineMessage({ id: 'forms.analytics.overTime.responses', defaultMessage: 'Responses' }),
  totalOn: defineMessage<{ count: number; date: string }>({
    id: 'forms.analytics.overTime.totalOn',
    defaultMessage: '{count, plural, one {# response} other {# responses}} on {date}.',
  }),
  totalFrom: defineMessage<{ count: number; first: string; last: string }>({
    id: 'forms.analytics.overTime.totalFrom',
    defaultMessage: '{count, plural, one {# response} other {# responses}} from {first} to {last}.',
  }),
  each: defineMessage<{ unit: TimelineUnit }>({
    id: 'forms.analytics.overTime.each',
    defaultMessage:
      '{unit, select, day {Each bar is one day; days without a response show as zero.} week {Each bar is one week, Monday to Sunday; weeks without a response show as zero.} other {Each bar is one month; months without a response show as zero.}}',
  }),
  busiest: defineMessage<{ unit: TimelineUnit; bar: string; most: number }>({
    id: 'forms.analytics.overTime.busiest',
    defaultMessage:
      '{unit, select, day {The busiest day was {bar}, with {most}.} week {The busiest week was the week of {bar}, with {most}.} other {The busiest month was {bar}, with {most}.}}',
  }),
  busiestSeveral: defineMessage<{ unit: TimelineUnit; most: number; count: number }>({
    id: 'forms.analytics.overTime.busiestSeveral',
    defaultMessage:
      '{unit, select, day {The most in one day was {most}, in {count} days.} week {The most in one week was {most}, in {count} weeks.} other {The most in one month was {most}, in {count} months.}}',
  }),
};

/**
 * What people answered, at a glance: computed on this computer from the synced responses, so it
 * reads (and filters) offline; unfiltered it equals the service's own figures.
 */
export function AnalyticsTab({ form }: { form: Form }) {
  const intl = useIntl();
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
      <div className="forms-filters" role="group" aria-label={intl.formatMessage(MESSAGES.filters)}>
        <DateRangePicker label={intl.formatMessage(MESSAGES.submittedBetween)} value={range} onChange={setRange} />
        {!form.isAnonymous && (
          <Select
            label={intl.formatMessage(MESSAGES.department)}
            items={[
              { id: EVERY, name: intl.formatMessage(MESSAGES.everyDepartment) },
              ...(data?.departments ?? []).map((d) => ({
                id: d.id,
                name: intl.formatMessage(MESSAGES.departmentCount, { department: d.name, count: d.responses }),
              })),
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
            <FormattedMessage id="forms.analytics.clearFilters" defaultMessage="Clear filters" />
          </Button>
        )}
      </div>
      {form.isAnonymous && (
        <p className="hint">
          <FormattedMessage
            id="forms.analytics.anonymous"
            defaultMessage="This form is anonymous: there is no filter by department, and fewer than 5 answers are never shown apart."
          />
        </p>
      )}
      {!online && (
        <p className="hint">
          <FormattedMessage
            id="forms.analytics.offline"
            defaultMessage="Offline: these figures are from the responses synced to this computer."
          />
        </p>
      )}
      {insights.error && <ErrorNote message={insights.error} onRetry={insights.reload} />}
      {!data && insights.loading && <Loading label={intl.formatMessage(MESSAGES.counting)} />}
      {data?.withheld && (
        <Empty>
          <FormattedMessage
            id="forms.analytics.withheld"
            defaultMessage="{reason}."
            values={{ reason: data.withheld }}
          />
        </Empty>
      )}
      {a && a.responseCount === 0 && (
        <Empty>
          {filtered ? (
            <FormattedMessage id="forms.analytics.noMatch" defaultMessage="No response matches these filters." />
          ) : form.status === 'DRAFT' ? (
            <FormattedMessage
              id="forms.analytics.emptyDraft"
              defaultMessage="No answers: the form is a draft. Publish and distribute it to collect answers."
            />
          ) : (
            <FormattedMessage
              id="forms.analytics.empty"
              defaultMessage="No answers yet. They are counted here after each sync."
            />
          )}
        </Empty>
      )}
      {a && a.responseCount > 0 && (
        <>
          <dl className="forms-headline-figures" aria-label={intl.formatMessage(MESSAGES.figures)}>
            <div>
              <dt>
                <FormattedMessage id="forms.analytics.responses" defaultMessage="Responses" />
              </dt>
              <dd>{a.responseCount}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="forms.analytics.sentTo" defaultMessage="Sent to" />
              </dt>
              <dd>{a.distributedCount || NONE}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="forms.analytics.completionRate" defaultMessage="Completion rate" />
              </dt>
              <dd>
                {filtered ? (
                  NONE
                ) : a.completionRate === null ? (
                  <FormattedMessage id="forms.analytics.notSent" defaultMessage="Not sent to anyone" />
                ) : (
                  intl.formatMessage(PERCENT, { percent: a.completionRate })
                )}
              </dd>
            </div>
          </dl>
          {filtered && (
            <p className="hint">
              <FormattedMessage
                id="forms.analytics.filtered"
                defaultMessage="Filtered: the completion rate counts everyone the form was sent to, so it is left out."
              />
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
  const intl = useIntl();
  const { unit, buckets } = responseTimeline(byDay, { from: range.start, to: range.end });
  const dates = TIMELINE_DATES[unit];
  const most = Math.max(...buckets.map((b) => b.count));
  const busiest = buckets.filter((b) => b.count === most);
  const responses = intl.formatMessage(MESSAGES.responses);
  const answered = byDay
    .filter((d) => d.count > 0)
    .map((d) => d.date)
    .sort();
  const [first, last] = [dateText(intl, answered[0]!), dateText(intl, answered[answered.length - 1]!)];
  const summary = [
    first === last
      ? intl.formatMessage(MESSAGES.totalOn, { count: total, date: first })
      : intl.formatMessage(MESSAGES.totalFrom, { count: total, first, last }),
    intl.formatMessage(MESSAGES.each, { unit }),
    busiest.length === 1
      ? intl.formatMessage(MESSAGES.busiest, { unit, bar: dates.named(intl, busiest[0]!), most })
      : intl.formatMessage(MESSAGES.busiestSeveral, { unit, most, count: busiest.length }),
  ].join(SPACE);
  return (
    <ChartFrame
      title={intl.formatMessage(MESSAGES.overTime)}
      summary={summary}
      table={{
        columns: [intl.formatMessage(MESSAGES.unit, { unit }), responses],
        rows: buckets.map((b) => [dates.row(intl, b), b.count]),
      }}
    >
      <ColumnBars rows={buckets.map((b) => ({ name: dates.tick(intl, b), count: b.count }))} unit={responses} />
    </ChartFrame>
  );
}

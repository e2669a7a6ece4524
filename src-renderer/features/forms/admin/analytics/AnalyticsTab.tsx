import { useState } from 'react';
import type { AnalyticsFilter } from '@shared/appApi';
import { choiceRange } from '@shared/rules';
import type { Form } from '@shared/wire';
import { Button, DateRangePicker, Empty, ErrorNote, Loading, Select } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { date } from '../../myFormWords';
import { ChartFrame } from './ChartFrame';
import { ColumnBars } from './charts';
import { QuestionFigures } from './QuestionFigures';

const EVERY = 'every';
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayName = (d: string) => DAY.format(new Date(`${d}T00:00:00Z`));

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
          <ChartFrame
            title="Responses over time"
            summary={`${a.responseCount} responses from ${date(a.responsesByDay[0]!.date)} to ${date(
              a.responsesByDay[a.responsesByDay.length - 1]!.date,
            )}; the busiest day was ${dayName(
              a.responsesByDay.reduce((x, y) => (y.count > x.count ? y : x)).date,
            )} with ${Math.max(...a.responsesByDay.map((d) => d.count))}.`}
            table={{ columns: ['Day', 'Responses'], rows: a.responsesByDay.map((d) => [d.date, d.count]) }}
          >
            <ColumnBars
              rows={a.responsesByDay.map((d) => ({ name: dayName(d.date), count: d.count }))}
              unit="Responses"
            />
          </ChartFrame>
          <div className="forms-question-figures">
            {a.questions.map((q) => (
              <QuestionFigures
                key={q.questionId}
                q={q}
                formId={form.id}
                anonymous={form.isAnonymous}
                filter={filter}
                ranges={ranges}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

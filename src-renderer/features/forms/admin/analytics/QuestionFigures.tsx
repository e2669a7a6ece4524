import { useState } from 'react';
import type { QuestionAnalytics } from '@shared/wire';
import type { AnalyticsFilter } from '@shared/appApi';
import { TextField } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { date, utcDay } from '../../myFormWords';
import { ChartFrame } from './ChartFrame';
import { ColumnBars, HorizontalBars, NpsGauge, SplitBar } from './charts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "2 answers · 1 skipped", and when a condition hid it from some, "of the 18 of 29 asked this". */
const answeredNote = (q: QuestionAnalytics, responses: number) =>
  `${plural(q.answered, 'answer')} · ${q.skipped} skipped${
    q.asked !== undefined && q.asked < responses ? ` · ${q.asked} of ${responses} were asked this` : ''
  }`;
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthName = (m: string) => MONTH.format(new Date(`${m}-01T00:00:00Z`));
/** Past this many different numbers, a histogram groups them into ranges. */
const MAX_BARS = 12;

function histogram(
  distribution: { value: number; count: number }[],
  range: { min: number; max: number } | null,
): { name: string; count: number }[] {
  // A rating or a scale shows every value it offers, those nobody chose as empty bars.
  if (range && range.max - range.min < 20) {
    const counts = new Map(distribution.map((d) => [d.value, d.count]));
    return Array.from({ length: range.max - range.min + 1 }, (_, i) => ({
      name: String(range.min + i),
      count: counts.get(range.min + i) ?? 0,
    }));
  }
  if (distribution.length <= MAX_BARS) return distribution.map((d) => ({ name: String(d.value), count: d.count }));
  const min = distribution[0]!.value;
  const max = distribution[distribution.length - 1]!.value;
  const width = (max - min) / 10;
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: min + i * width, count: 0 }));
  for (const d of distribution) bins[Math.min(9, Math.floor((d.value - min) / width))]!.count += d.count;
  const fmt = (n: number) => String(Math.round(n * 100) / 100);
  return bins.map((b) => ({ name: `${fmt(b.from)}–${fmt(b.from + width)}`, count: b.count }));
}

function TextFigures({
  q,
  formId,
  anonymous,
  filter,
  responses,
}: {
  q: Extract<QuestionAnalytics, { type: 'TEXT' | 'TEXTAREA' }>;
  formId: string;
  anonymous: boolean;
  filter: AnalyticsFilter;
  responses: number;
}) {
  const day = anonymous ? utcDay : date;
  const [search, setSearch] = useState('');
  const found = useAppQuery('forms.textAnswers', { id: formId, questionId: q.questionId, search, ...filter });
  // Each word isolated (FSI … PDI, the text form of <bdi>): a right-to-left word keeps its count beside it.
  const words = q.topWords.map((w) => `\u2068${w.word}\u2069 (${w.count})`).join(', ');
  return (
    <ChartFrame
      title={q.label}
      note={answeredNote(q, responses)}
      summary={
        q.answered === 0
          ? 'No one has answered this yet.'
          : `${plural(q.answered, 'written answer')}. ${words ? `Most used words: ${words}.` : ''}`
      }
      table={{ columns: ['Word', 'Times used'], rows: q.topWords.map((w) => [w.word, w.count]) }}
    >
      {q.topWords.length > 0 && (
        <ul className="forms-top-words" aria-label="Most used words">
          {q.topWords.map((w) => (
            <li key={w.word} style={{ fontSize: `${0.85 + Math.min(1, w.count / q.topWords[0]!.count) * 0.5}rem` }}>
              <bdi>{w.word}</bdi> <span className="hint">{w.count}</span>
            </li>
          ))}
        </ul>
      )}
      <TextField label={`Search the answers to “${q.label}”`} value={search} onChange={setSearch} />
      <ul className="forms-text-answers" aria-label={search ? 'Answers found' : 'Latest answers'}>
        {(found.data?.answers ?? []).map((a, i) => (
          <li key={i}>
            {/* What people wrote is set apart: right-to-left words would otherwise pull the date in. */}“
            <bdi>{a.value}</bdi>” <span className="hint">{day(a.submittedAt)}</span>
          </li>
        ))}
      </ul>
      {found.data && (
        <p className="hint">
          {search ? (
            <>
              {plural(found.data.total, 'answer')} contain “<bdi>{search}</bdi>”
              {found.data.total > 10 ? '; the 10 latest are shown' : ''}.
            </>
          ) : found.data.total > 10 ? (
            `The 10 latest of ${found.data.total}.`
          ) : (
            ''
          )}
        </p>
      )}
    </ChartFrame>
  );
}

/** A few figures in a row, each under its name. */
function StatLine({ items }: { items: [string, string | number][] }) {
  return (
    <dl className="forms-stat-line">
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One question's figures, in the chart its kind of answer calls for. */
export function QuestionFigures({
  q,
  formId,
  anonymous,
  filter,
  ranges,
  responses,
}: {
  q: QuestionAnalytics;
  formId: string;
  /** Its answers keep their day only. */
  anonymous: boolean;
  filter: AnalyticsFilter;
  /** The values each rating and scale offers, by question id. */
  ranges: ReadonlyMap<string, { min: number; max: number }>;
  /** The responses counted: a question a condition hid from some was asked of fewer. */
  responses: number;
}) {
  switch (q.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const rows = [...q.options]
        .sort((a, b) => b.count - a.count)
        .map((o) => ({ name: o.option, count: o.count, percent: o.percent }));
      const top = rows[0];
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(q, responses)}
          summary={
            q.answered === 0 || !top
              ? 'No one has answered this yet.'
              : `${top.name} leads with ${plural(top.count, 'answer')} (${top.percent}% of those who answered)${
                  rows[1] ? `, then ${rows[1].name} with ${rows[1].count} (${rows[1].percent}%)` : ''
                }.${q.type === 'MULTIPLE_CHOICE' ? ' People could choose several, so the percents add up past 100.' : ''}`
          }
          table={{
            columns: ['Option', 'Answers', 'Percent'],
            rows: rows.map((r) => [r.name, r.count, `${r.percent}%`]),
          }}
        >
          <HorizontalBars rows={rows} />
        </ChartFrame>
      );
    }
    case 'NUMBER':
    case 'RATING':
    case 'SCALE': {
      const bars = histogram(q.distribution, q.type === 'NUMBER' ? null : (ranges.get(q.questionId) ?? null));
      const stats =
        q.answered === 0
          ? 'No one has answered this yet.'
          : `Mean ${q.mean}, median ${q.median}, from ${q.min} to ${q.max}.`;
      const nps = q.type === 'SCALE' ? q.nps : undefined;
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(q, responses)}
          summary={
            nps && q.answered > 0
              ? `Net Promoter Score ${nps.score} (from −100 to 100): ${plural(nps.promoters, 'promoter')}, ${plural(
                  nps.passives,
                  'passive',
                )}, ${plural(nps.detractors, 'detractor')}. ${stats}`
              : stats
          }
          table={{
            columns: ['Value', 'Answers'],
            rows: [
              ...q.distribution.map((d) => [String(d.value), d.count] as [string, number]),
              ...(nps
                ? [
                    ['Promoters (9–10)', nps.promoters] as [string, number],
                    ['Passives (7–8)', nps.passives] as [string, number],
                    ['Detractors (0–6)', nps.detractors] as [string, number],
                    ['Net Promoter Score', nps.score] as [string, number],
                  ]
                : []),
            ],
          }}
        >
          <StatLine
            items={[
              ['Mean', q.mean ?? '—'],
              ['Median', q.median ?? '—'],
              ['Range', q.answered ? `${q.min} to ${q.max}` : '—'],
            ]}
          />
          {nps && (
            <div className="forms-nps">
              <NpsGauge score={nps.score} />
              <StatLine
                items={[
                  ['Promoters', nps.promoters],
                  ['Passives', nps.passives],
                  ['Detractors', nps.detractors],
                ]}
              />
            </div>
          )}
          <ColumnBars
            rows={bars}
            highlight={
              nps
                ? (name) => {
                    const v = Number(name);
                    return v >= 9 ? 'var(--ok)' : v >= 7 ? 'var(--warn)' : 'var(--bad)';
                  }
                : undefined
            }
          />
        </ChartFrame>
      );
    }
    case 'YES_NO': {
      const total = q.yes + q.no;
      const pct = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(q, responses)}
          summary={
            total === 0
              ? 'No one has answered this yet.'
              : `${q.yes} yes (${pct(q.yes)}%) and ${q.no} no (${pct(q.no)}%).`
          }
          table={{
            columns: ['Answer', 'Answers', 'Percent'],
            rows: [
              ['Yes', q.yes, `${pct(q.yes)}%`],
              ['No', q.no, `${pct(q.no)}%`],
            ],
          }}
        >
          <SplitBar
            parts={[
              { name: 'Yes', count: q.yes, tone: 'var(--ok-bg)' },
              { name: 'No', count: q.no, tone: 'var(--bad-bg)' },
            ]}
          />
        </ChartFrame>
      );
    }
    case 'TEXT':
    case 'TEXTAREA':
      return <TextFigures q={q} formId={formId} anonymous={anonymous} filter={filter} responses={responses} />;
    case 'DATE': {
      const months = q.byMonth ?? [];
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(q, responses)}
          summary={
            q.answered === 0
              ? 'No one has answered this yet.'
              : `From ${q.earliest} to ${q.latest}; the busiest month is ${monthName(
                  months.reduce((a, b) => (b.count > a.count ? b : a)).month,
                )}.`
          }
          table={{ columns: ['Month', 'Answers'], rows: months.map((m) => [monthName(m.month), m.count]) }}
        >
          <StatLine
            items={[
              ['Earliest', q.earliest ?? '—'],
              ['Latest', q.latest ?? '—'],
            ]}
          />
          <ColumnBars rows={months.map((m) => ({ name: monthName(m.month), count: m.count }))} />
        </ChartFrame>
      );
    }
  }
}

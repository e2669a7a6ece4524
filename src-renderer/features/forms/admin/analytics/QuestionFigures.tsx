import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { QuestionAnalytics } from '@shared/wire';
import type { AnalyticsFilter } from '@shared/appApi';
import { TextField } from '@renderer/components/ui';
import { SPACE } from '@renderer/i18n/punctuation';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { YES_NO } from '../../answerWords';
import { NONE } from '../../marks';
import { dateText, momentDateText, monthText, numberText } from '@renderer/i18n/dates';
import { ChartFrame } from './ChartFrame';
import { ColumnBars, HorizontalBars, NpsGauge, PERCENT, SplitBar } from './charts';

const MESSAGES = {
  answered: defineMessage<{ answered: number; skipped: number }>({
    id: 'forms.figures.answered',
    defaultMessage: '{answered, plural, one {# answer} other {# answers}} · {skipped} skipped',
  }),
  answeredOfAsked: defineMessage<{ answered: number; skipped: number; asked: number; responses: number }>({
    id: 'forms.figures.answered.ofAsked',
    defaultMessage:
      '{answered, plural, one {# answer} other {# answers}} · {skipped} skipped · {asked} of {responses} were asked this',
  }),
  noAnswers: defineMessage({ id: 'forms.figures.noAnswers', defaultMessage: 'No one has answered this yet.' }),
  written: defineMessage<{ count: number }>({
    id: 'forms.figures.text.written',
    defaultMessage: '{count, plural, one {# written answer} other {# written answers}}.',
  }),
  writtenWords: defineMessage<{ count: number; words: string }>({
    id: 'forms.figures.text.writtenWords',
    defaultMessage: '{count, plural, one {# written answer} other {# written answers}}. Most used words: {words}.',
  }),
  word: defineMessage({ id: 'forms.figures.column.word', defaultMessage: 'Word' }),
  timesUsed: defineMessage({ id: 'forms.figures.column.timesUsed', defaultMessage: 'Times used' }),
  topWords: defineMessage({ id: 'forms.figures.topWords', defaultMessage: 'Most used words' }),
  search: defineMessage<{ question: string }>({
    id: 'forms.figures.text.search',
    defaultMessage: 'Search the answers to “{question}”',
  }),
  found: defineMessage({ id: 'forms.figures.text.found', defaultMessage: 'Answers found' }),
  latest: defineMessage({ id: 'forms.figures.text.latest', defaultMessage: 'Latest answers' }),
  leads: defineMessage<{ option: string; count: number; percent: number }>({
    id: 'forms.figures.choice.leads',
    defaultMessage:
      '{option} leads with {count, plural, one {# answer} other {# answers}} ({percent}% of those who answered).',
  }),
  leadsThen: defineMessage<{
    option: string;
    count: number;
    percent: number;
    second: string;
    secondCount: number;
    secondPercent: number;
  }>({
    id: 'forms.figures.choice.leadsThen',
    defaultMessage:
      '{option} leads with {count, plural, one {# answer} other {# answers}} ({percent}% of those who answered), then {second} with {secondCount} ({secondPercent}%).',
  }),
  several: defineMessage({
    id: 'forms.figures.choice.several',
    defaultMessage: 'People could choose several, so the percents add up past 100.',
  }),
  option: defineMessage({ id: 'forms.figures.column.option', defaultMessage: 'Option' }),
  answers: defineMessage({ id: 'forms.figures.column.answers', defaultMessage: 'Answers' }),
  percent: defineMessage({ id: 'forms.figures.column.percent', defaultMessage: 'Percent' }),
  stats: defineMessage<{ mean: string; median: string; min: string; max: string }>({
    id: 'forms.figures.number.stats',
    defaultMessage: 'Mean {mean}, median {median}, from {min} to {max}.',
  }),
  nps: defineMessage<{ score: number; promoters: string; passives: string; detractors: string }>({
    id: 'forms.figures.nps',
    defaultMessage: 'Net Promoter Score {score} (from −100 to 100): {promoters}, {passives}, {detractors}.',
  }),
  promoterCount: defineMessage<{ count: number }>({
    id: 'forms.figures.nps.promoterCount',
    defaultMessage: '{count, plural, one {# promoter} other {# promoters}}',
  }),
  passiveCount: defineMessage<{ count: number }>({
    id: 'forms.figures.nps.passiveCount',
    defaultMessage: '{count, plural, one {# passive} other {# passives}}',
  }),
  detractorCount: defineMessage<{ count: number }>({
    id: 'forms.figures.nps.detractorCount',
    defaultMessage: '{count, plural, one {# detractor} other {# detractors}}',
  }),
  value: defineMessage({ id: 'forms.figures.column.value', defaultMessage: 'Value' }),
  promotersRange: defineMessage({ id: 'forms.figures.nps.promotersRange', defaultMessage: 'Promoters (9–10)' }),
  passivesRange: defineMessage({ id: 'forms.figures.nps.passivesRange', defaultMessage: 'Passives (7–8)' }),
  detractorsRange: defineMessage({ id: 'forms.figures.nps.detractorsRange', defaultMessage: 'Detractors (0–6)' }),
  npsName: defineMessage({ id: 'forms.figures.nps.name', defaultMessage: 'Net Promoter Score' }),
  mean: defineMessage({ id: 'forms.figures.mean', defaultMessage: 'Mean' }),
  median: defineMessage({ id: 'forms.figures.median', defaultMessage: 'Median' }),
  range: defineMessage({ id: 'forms.figures.range', defaultMessage: 'Range' }),
  rangeValue: defineMessage<{ min: string; max: string }>({
    id: 'forms.figures.range.value',
    defaultMessage: '{min} to {max}',
  }),
  promoters: defineMessage({ id: 'forms.figures.nps.promoters', defaultMessage: 'Promoters' }),
  passives: defineMessage({ id: 'forms.figures.nps.passives', defaultMessage: 'Passives' }),
  detractors: defineMessage({ id: 'forms.figures.nps.detractors', defaultMessage: 'Detractors' }),
  yesNo: defineMessage<{ yes: number; yesPercent: number; no: number; noPercent: number }>({
    id: 'forms.figures.yesNo',
    defaultMessage: '{yes} yes ({yesPercent}%) and {no} no ({noPercent}%).',
  }),
  answer: defineMessage({ id: 'forms.figures.column.answer', defaultMessage: 'Answer' }),
  dates: defineMessage<{ earliest: string | null; latest: string | null; month: string }>({
    id: 'forms.figures.date.summary',
    defaultMessage: 'From {earliest} to {latest}; the busiest month is {month}.',
  }),
  month: defineMessage({ id: 'forms.figures.column.month', defaultMessage: 'Month' }),
  earliest: defineMessage({ id: 'forms.figures.earliest', defaultMessage: 'Earliest' }),
  latestDate: defineMessage({ id: 'forms.figures.latest', defaultMessage: 'Latest' }),
};

/** "2 answers · 1 skipped", and when a condition hid it from some, "· 18 of 29 were asked this". */
const answeredNote = (intl: IntlShape, q: QuestionAnalytics, responses: number) =>
  q.asked !== undefined && q.asked < responses
    ? intl.formatMessage(MESSAGES.answeredOfAsked, {
        answered: q.answered,
        skipped: q.skipped,
        asked: q.asked,
        responses,
      })
    : intl.formatMessage(MESSAGES.answered, { answered: q.answered, skipped: q.skipped });
/** Past this many different numbers, a histogram groups them into ranges. */
const MAX_BARS = 12;

/** The bars of a number question; `write` writes a number as the page's locale does (to two decimals). */
function histogram(
  distribution: { value: number; count: number }[],
  range: { min: number; max: number } | null,
  write: (n: number) => string,
): { name: string; count: number }[] {
  // A rating or a scale shows every value it offers, those nobody chose as empty bars.
  if (range && range.max - range.min < 20) {
    const counts = new Map(distribution.map((d) => [d.value, d.count]));
    return Array.from({ length: range.max - range.min + 1 }, (_, i) => ({
      name: write(range.min + i),
      count: counts.get(range.min + i) ?? 0,
    }));
  }
  if (distribution.length <= MAX_BARS) return distribution.map((d) => ({ name: write(d.value), count: d.count }));
  const min = distribution[0]!.value;
  const max = distribution[distribution.length - 1]!.value;
  const width = (max - min) / 10;
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: min + i * width, count: 0 }));
  for (const d of distribution) bins[Math.min(9, Math.floor((d.value - min) / width))]!.count += d.count;
  return bins.map((b) => ({ name: `${write(b.from)}–${write(b.from + width)}`, count: b.count }));
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
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const found = useAppQuery('forms.textAnswers', { id: formId, questionId: q.questionId, search, ...filter });
  // Each word isolated (FSI … PDI, the text form of <bdi>): a right-to-left word keeps its count beside it.
  const words = q.topWords.map((w) => `\u2068${w.word}\u2069 (${w.count})`).join(', ');
  return (
    <ChartFrame
      title={q.label}
      note={answeredNote(intl, q, responses)}
      summary={
        q.answered === 0
          ? intl.formatMessage(MESSAGES.noAnswers)
          : words
            ? intl.formatMessage(MESSAGES.writtenWords, { count: q.answered, words })
            : intl.formatMessage(MESSAGES.written, { count: q.answered })
      }
      table={{
        columns: [intl.formatMessage(MESSAGES.word), intl.formatMessage(MESSAGES.timesUsed)],
        rows: q.topWords.map((w) => [w.word, w.count]),
      }}
    >
      {q.topWords.length > 0 && (
        <ul className="forms-top-words" aria-label={intl.formatMessage(MESSAGES.topWords)}>
          {q.topWords.map((w) => (
            <li key={w.word} style={{ fontSize: `${0.85 + Math.min(1, w.count / q.topWords[0]!.count) * 0.5}rem` }}>
              <bdi>{w.word}</bdi> <span className="hint">{w.count}</span>
            </li>
          ))}
        </ul>
      )}
      <TextField
        label={intl.formatMessage(MESSAGES.search, { question: q.label })}
        value={search}
        onChange={setSearch}
      />
      <ul className="forms-text-answers" aria-label={intl.formatMessage(search ? MESSAGES.found : MESSAGES.latest)}>
        {(found.data?.answers ?? []).map((a, i) => (
          <li key={i}>
            {/* What people wrote is set apart: right-to-left words would otherwise pull the date in. */}
            <FormattedMessage
              id="forms.figures.text.answer"
              defaultMessage="“<bdi>{answer}</bdi>”"
              values={{ answer: a.value, bdi: (chunks) => <bdi>{chunks}</bdi> }}
            />
            {SPACE}
            <span className="hint">
              {/* An anonymous answer keeps only its day (midnight UTC); another, the moment it came. */}
              {anonymous ? dateText(intl, a.submittedAt) : momentDateText(intl, a.submittedAt)}
            </span>
          </li>
        ))}
      </ul>
      {found.data && (
        <p className="hint">
          {search ? (
            found.data.total > 10 ? (
              <FormattedMessage
                id="forms.figures.text.foundLatest"
                defaultMessage="{count, plural, one {# answer contain} other {# answers contain}} “<bdi>{search}</bdi>”; the 10 latest are shown."
                values={{ count: found.data.total, search, bdi: (chunks) => <bdi>{chunks}</bdi> }}
              />
            ) : (
              <FormattedMessage
                id="forms.figures.text.foundAll"
                defaultMessage="{count, plural, one {# answer contain} other {# answers contain}} “<bdi>{search}</bdi>”."
                values={{ count: found.data.total, search, bdi: (chunks) => <bdi>{chunks}</bdi> }}
              />
            )
          ) : found.data.total > 10 ? (
            <FormattedMessage
              id="forms.figures.text.latestOf"
              defaultMessage="The 10 latest of {total}."
              values={{ total: found.data.total }}
            />
          ) : null}
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
  const intl = useIntl();
  const percent = (n: number) => intl.formatMessage(PERCENT, { percent: n });
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
          note={answeredNote(intl, q, responses)}
          summary={
            q.answered === 0 || !top
              ? intl.formatMessage(MESSAGES.noAnswers)
              : [
                  rows[1]
                    ? intl.formatMessage(MESSAGES.leadsThen, {
                        option: top.name,
                        count: top.count,
                        percent: top.percent,
                        second: rows[1].name,
                        secondCount: rows[1].count,
                        secondPercent: rows[1].percent,
                      })
                    : intl.formatMessage(MESSAGES.leads, { option: top.name, count: top.count, percent: top.percent }),
                  q.type === 'MULTIPLE_CHOICE' ? intl.formatMessage(MESSAGES.several) : null,
                ]
                  .filter(Boolean)
                  .join(SPACE)
          }
          table={{
            columns: [
              intl.formatMessage(MESSAGES.option),
              intl.formatMessage(MESSAGES.answers),
              intl.formatMessage(MESSAGES.percent),
            ],
            rows: rows.map((r) => [r.name, r.count, percent(r.percent)]),
          }}
        >
          <HorizontalBars rows={rows} />
        </ChartFrame>
      );
    }
    case 'NUMBER':
    case 'RATING':
    case 'SCALE': {
      // With the locale's decimal mark: "3,5" in German and French.
      const num = (n: number | null) => (n === null ? NONE : numberText(intl, n));
      const bars = histogram(q.distribution, q.type === 'NUMBER' ? null : (ranges.get(q.questionId) ?? null), (n) =>
        numberText(intl, n),
      );
      const stats =
        q.answered === 0
          ? intl.formatMessage(MESSAGES.noAnswers)
          : intl.formatMessage(MESSAGES.stats, {
              mean: num(q.mean),
              median: num(q.median),
              min: num(q.min),
              max: num(q.max),
            });
      const nps = q.type === 'SCALE' ? q.nps : undefined;
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(intl, q, responses)}
          summary={
            nps && q.answered > 0
              ? [
                  intl.formatMessage(MESSAGES.nps, {
                    score: nps.score,
                    promoters: intl.formatMessage(MESSAGES.promoterCount, { count: nps.promoters }),
                    passives: intl.formatMessage(MESSAGES.passiveCount, { count: nps.passives }),
                    detractors: intl.formatMessage(MESSAGES.detractorCount, { count: nps.detractors }),
                  }),
                  stats,
                ].join(SPACE)
              : stats
          }
          table={{
            columns: [intl.formatMessage(MESSAGES.value), intl.formatMessage(MESSAGES.answers)],
            rows: [
              ...q.distribution.map((d) => [num(d.value), d.count] as [string, number]),
              ...(nps
                ? [
                    [intl.formatMessage(MESSAGES.promotersRange), nps.promoters] as [string, number],
                    [intl.formatMessage(MESSAGES.passivesRange), nps.passives] as [string, number],
                    [intl.formatMessage(MESSAGES.detractorsRange), nps.detractors] as [string, number],
                    [intl.formatMessage(MESSAGES.npsName), nps.score] as [string, number],
                  ]
                : []),
            ],
          }}
        >
          <StatLine
            items={[
              [intl.formatMessage(MESSAGES.mean), num(q.mean)],
              [intl.formatMessage(MESSAGES.median), num(q.median)],
              [
                intl.formatMessage(MESSAGES.range),
                q.answered ? intl.formatMessage(MESSAGES.rangeValue, { min: num(q.min), max: num(q.max) }) : NONE,
              ],
            ]}
          />
          {nps && (
            <div className="forms-nps">
              <NpsGauge score={nps.score} />
              <StatLine
                items={[
                  [intl.formatMessage(MESSAGES.promoters), nps.promoters],
                  [intl.formatMessage(MESSAGES.passives), nps.passives],
                  [intl.formatMessage(MESSAGES.detractors), nps.detractors],
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
      const [yes, no] = [intl.formatMessage(YES_NO, { answer: 'yes' }), intl.formatMessage(YES_NO, { answer: 'no' })];
      return (
        <ChartFrame
          title={q.label}
          note={answeredNote(intl, q, responses)}
          summary={
            total === 0
              ? intl.formatMessage(MESSAGES.noAnswers)
              : intl.formatMessage(MESSAGES.yesNo, {
                  yes: q.yes,
                  yesPercent: pct(q.yes),
                  no: q.no,
                  noPercent: pct(q.no),
                })
          }
          table={{
            columns: [
              intl.formatMessage(MESSAGES.answer),
              intl.formatMessage(MESSAGES.answers),
              intl.formatMessage(MESSAGES.percent),
            ],
            rows: [
              [yes, q.yes, percent(pct(q.yes))],
              [no, q.no, percent(pct(q.no))],
            ],
          }}
        >
          <SplitBar
            parts={[
              { name: yes, count: q.yes, tone: 'var(--ok-bg)' },
              { name: no, count: q.no, tone: 'var(--bad-bg)' },
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
          note={answeredNote(intl, q, responses)}
          summary={
            q.answered === 0
              ? intl.formatMessage(MESSAGES.noAnswers)
              : intl.formatMessage(MESSAGES.dates, {
                  earliest: q.earliest && dateText(intl, q.earliest),
                  latest: q.latest && dateText(intl, q.latest),
                  month: monthText(intl, months.reduce((a, b) => (b.count > a.count ? b : a)).month),
                })
          }
          table={{
            columns: [intl.formatMessage(MESSAGES.month), intl.formatMessage(MESSAGES.answers)],
            rows: months.map((m) => [monthText(intl, m.month), m.count]),
          }}
        >
          <StatLine
            items={[
              [intl.formatMessage(MESSAGES.earliest), q.earliest ? dateText(intl, q.earliest) : NONE],
              [intl.formatMessage(MESSAGES.latestDate), q.latest ? dateText(intl, q.latest) : NONE],
            ]}
          />
          <ColumnBars rows={months.map((m) => ({ name: monthText(intl, m.month), count: m.count }))} />
        </ChartFrame>
      );
    }
  }
}

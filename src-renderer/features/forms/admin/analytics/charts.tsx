import { defineMessage, useIntl } from 'react-intl';
import { SEPARATOR } from '@renderer/i18n/punctuation';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Colours come from the theme's custom properties, so light and dark both read.
const AXIS = { fill: 'var(--muted)', fontSize: 12 };
const TOOLTIP = {
  contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' },
  cursor: { fill: 'var(--info-bg)' },
};

/** A share in percent: "42%". */
export const PERCENT = defineMessage<{ percent: number }>({
  id: 'forms.figures.percent',
  defaultMessage: '{percent}%',
});

const MESSAGES = {
  answers: defineMessage({ id: 'forms.chart.answers', defaultMessage: 'Answers' }),
  part: defineMessage<{ name: string; percent: number }>({
    id: 'forms.chart.part',
    defaultMessage: '{name} {percent}%',
  }),
};

/** Bars across, one per option, longest first, each labelled with its count and percent. */
export function HorizontalBars({ rows }: { rows: { name: string; count: number; percent: number }[] }) {
  const intl = useIntl();
  const answers = intl.formatMessage(MESSAGES.answers);
  const height = Math.max(80, rows.length * 34 + 24);
  const labelled = rows.map((r) => ({
    ...r,
    label: `${r.count}${SEPARATOR}${intl.formatMessage(PERCENT, { percent: r.percent })}`,
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={labelled} layout="vertical" margin={{ left: 8, right: 72, top: 4, bottom: 4 }}>
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={160} tick={AXIS} stroke="var(--border)" />
        <Tooltip {...TOOLTIP} formatter={(v) => [String(v), answers]} />
        <Bar dataKey="count" fill="var(--accent)" radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="label" position="right" fill="var(--text)" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Upright bars: a histogram of values, or responses by day or month. */
export function ColumnBars({
  rows,
  highlight,
  unit,
}: {
  rows: { name: string; count: number }[];
  /** Bars to colour apart (an NPS scale's detractors, passives, promoters). */
  highlight?: (name: string) => string | undefined;
  /** What the bars count, in the tooltip: "Answers" unless told. */
  unit?: string;
}) {
  const intl = useIntl();
  const counted = unit ?? intl.formatMessage(MESSAGES.answers);
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart data={rows} margin={{ left: 0, right: 8, top: 8, bottom: 4 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="name" tick={AXIS} stroke="var(--border)" interval="preserveStartEnd" />
        <YAxis allowDecimals={false} width={36} tick={AXIS} stroke="var(--border)" />
        <Tooltip {...TOOLTIP} formatter={(v) => [String(v), counted]} />
        <Bar dataKey="count" fill="var(--accent)" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {highlight && rows.map((r) => <Cell key={r.name} fill={highlight(r.name) ?? 'var(--accent)'} />)}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Two parts of a whole side by side (yes and no), as one bar. */
export function SplitBar({ parts }: { parts: { name: string; count: number; tone: string }[] }) {
  const intl = useIntl();
  const total = parts.reduce((s, p) => s + p.count, 0) || 1;
  return (
    <div className="forms-split-bar" aria-hidden="true">
      {parts.map((p) => (
        <span key={p.name} style={{ flexGrow: p.count, background: p.tone }} className="forms-split-part">
          {p.count > 0 &&
            intl.formatMessage(MESSAGES.part, { name: p.name, percent: Math.round((p.count / total) * 100) })}
        </span>
      ))}
    </div>
  );
}

/** The score as the dial writes it: "+20", "0", "-35". */
const signed = (score: number) => (score > 0 ? `+${score}` : String(score));
/** The dial's ends. */
const [LOWEST, HIGHEST] = ['−100', '100'];

/** A half dial from −100 to 100 with the score's needle: the Net Promoter Score. */
export function NpsGauge({ score }: { score: number }) {
  const angle = Math.PI * (1 - (score + 100) / 200);
  const [cx, cy, r] = [100, 100, 80];
  const arc = (from: number, to: number) => {
    const a = Math.PI * (1 - (from + 100) / 200);
    const b = Math.PI * (1 - (to + 100) / 200);
    return `M ${cx + r * Math.cos(a)} ${cy - r * Math.sin(a)} A ${r} ${r} 0 0 1 ${cx + r * Math.cos(b)} ${cy - r * Math.sin(b)}`;
  };
  return (
    <svg viewBox="0 0 200 120" className="forms-nps-gauge" aria-hidden="true">
      <path d={arc(-100, 0)} stroke="var(--bad)" strokeWidth="18" fill="none" />
      <path d={arc(0, 30)} stroke="var(--warn)" strokeWidth="18" fill="none" />
      <path d={arc(30, 100)} stroke="var(--ok)" strokeWidth="18" fill="none" />
      <line
        x1={cx}
        y1={cy}
        x2={cx + (r - 4) * Math.cos(angle)}
        y2={cy - (r - 4) * Math.sin(angle)}
        stroke="var(--text)"
        strokeWidth="3"
      />
      <circle cx={cx} cy={cy} r="5" fill="var(--text)" />
      <text x={cx} y={cy + 18} textAnchor="middle" fontSize="18" fontWeight="700" fill="var(--text)">
        {signed(score)}
      </text>
      <text x={cx - r} y={cy + 18} textAnchor="middle" fontSize="10" fill="var(--muted)">
        {LOWEST}
      </text>
      <text x={cx + r} y={cy + 18} textAnchor="middle" fontSize="10" fill="var(--muted)">
        {HIGHEST}
      </text>
    </svg>
  );
}

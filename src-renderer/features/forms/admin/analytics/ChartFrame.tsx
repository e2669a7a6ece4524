import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ToggleButton } from '@renderer/components/ui';

export interface FigureTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with what every chart owes its reader: a heading, a sentence that says what it shows
 * (read by screen readers with it), and "Show as table" for the same figures as a table.
 */
export function ChartFrame({
  title,
  summary,
  table,
  note,
  children,
}: {
  title: string;
  summary: string;
  table: FigureTable;
  /** A line under the title: answered and skipped. */
  note?: string;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <figure className="forms-chart-frame" aria-labelledby={`${id}-title`}>
      <header>
        <h3 id={`${id}-title`}>{title}</h3>
        <ToggleButton isSelected={asTable} onChange={setAsTable}>
          <FormattedMessage id="forms.chart.showAsTable" defaultMessage="Show as table" />
        </ToggleButton>
      </header>
      {note && <p className="hint forms-chart-hint">{note}</p>}
      <figcaption id={`${id}-summary`} className="forms-chart-summary">
        {summary}
      </figcaption>
      {asTable ? (
        <table className="forms-figures">
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((v, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {v}
                    </th>
                  ) : (
                    <td key={j}>{v}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="forms-chart-body" aria-describedby={`${id}-summary`}>
          {children}
        </div>
      )}
    </figure>
  );
}

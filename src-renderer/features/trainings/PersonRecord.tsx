import { useEffect, useRef } from 'react';
import { DEFAULT_CURRENCY, formatMoney } from '@shared/records/money';
import { Empty, ErrorNote, Loading, PlainHead } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { EXPIRY_TEXT, OUTCOME_TEXT, STATUS_TEXT } from './trainingWords';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A person's training record: what they did, this year's totals, and their certificates by what lapses next. */
export function PersonRecord({ userId }: { userId: string }) {
  const record = useAppQuery('trainings.record', { userId });
  const currency = useAppQuery('organization.get', undefined).data?.currency ?? DEFAULT_CURRENCY;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = record.data?.person.id;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  if (record.error) return <ErrorNote message={record.error} onRetry={record.reload} />;
  if (!record.data) {
    return record.loading ? <Loading /> : <Empty>This person is not in the directory on this computer.</Empty>;
  }
  const { person, trainings, year, totals, certificates } = record.data;
  const next = certificates.find((c) => c.daysLeft >= 0);
  return (
    <article className="trainings-person-record" aria-labelledby="person-record-title">
      <a href={href('trainings')} className="back-link">
        ← All trainings
      </a>
      <h2 id="person-record-title" ref={heading} tabIndex={-1}>
        {person.name}’s training record
      </h2>
      <p className="hint">{[person.department, person.email].filter(Boolean).join(' · ')}</p>
      <section aria-labelledby="totals-title">
        <h3 id="totals-title">In {year}</h3>
        <dl className="trainings-record-totals">
          <div>
            <dt>Trainings</dt>
            <dd>{totals.trainings}</dd>
          </div>
          <div>
            <dt>Hours</dt>
            <dd>{number.format(totals.hours)}</dd>
          </div>
          <div>
            <dt>Structured units</dt>
            <dd>{number.format(totals.structuredUnits)}</dd>
          </div>
          <div>
            <dt>Unstructured units</dt>
            <dd>{number.format(totals.unstructuredUnits)}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{formatMoney(totals.cost, currency)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="certificates-title">
        <h3 id="certificates-title">Certificates</h3>
        {certificates.length === 0 ? (
          <Empty>No certificate with an expiry date.</Empty>
        ) : (
          <>
            <p role="status">
              {next
                ? `Next to lapse: ${next.name} on ${next.expiryDate} (${next.daysLeft === 0 ? 'today' : `in ${next.daysLeft} days`}).`
                : 'Every certificate with an expiry date has lapsed.'}
            </p>
            <ul className="trainings-certificates">
              {certificates.map((c) => (
                <li key={c.trainingId}>
                  <span className={`badge trainings-expiry-${c.state}`}>
                    {c.expiryDate} · {EXPIRY_TEXT[c.state]}
                  </span>{' '}
                  {c.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="all-title">
        <h3 id="all-title">Trainings</h3>
        {trainings.length === 0 ? (
          <Empty>No training recorded yet.</Empty>
        ) : (
          <table className="table trainings-record-table">
            <PlainHead columns={['Training', 'Dates', 'Status', 'Hours', 'Cost']} />
            <tbody>
              {trainings.map((t) => (
                <tr key={t.id}>
                  <th scope="row" className="cell">
                    {t.name}
                  </th>
                  <td className="cell nowrap">
                    {t.startDate.slice(0, 10)}
                    {t.endDate && t.endDate.slice(0, 10) !== t.startDate.slice(0, 10)
                      ? ` to ${t.endDate.slice(0, 10)}`
                      : ''}
                  </td>
                  <td className="cell">
                    {STATUS_TEXT[t.status]}
                    {t.outcome !== 'PENDING' ? ` · ${OUTCOME_TEXT[t.outcome].toLowerCase()}` : ''}
                  </td>
                  <td className="cell">{t.hours ?? '—'}</td>
                  <td className="cell nowrap">{t.cost === null ? '—' : formatMoney(t.cost, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </article>
  );
}

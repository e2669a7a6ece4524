import { formatLocale } from '@renderer/i18n/dates';
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney } from '@shared/records/money';
import { BACK, Empty, ErrorNote, Loading, NOTHING, PlainHead, Pointing } from '@renderer/components/ui';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import { DateText } from '@renderer/i18n/DateText';
import { dateText, numberText } from '@renderer/i18n/dates';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { ALL_TRAININGS, datesWords, EXPIRY_TEXT, RECORD_OF, statusWords } from './trainingWords';

const COLUMNS = defineMessages({
  training: { id: 'trainings.record.column.training', defaultMessage: 'Training' },
  dates: { id: 'trainings.record.column.dates', defaultMessage: 'Dates' },
  status: { id: 'trainings.record.column.status', defaultMessage: 'Status' },
  hours: { id: 'trainings.record.column.hours', defaultMessage: 'Hours' },
  cost: { id: 'trainings.record.column.cost', defaultMessage: 'Cost' },
});
const NEXT_TO_LAPSE = defineMessage<{ name: string; date: string; days: number }>({
  id: 'trainings.record.nextToLapse',
  defaultMessage:
    '{days, plural, =0 {Next to lapse: {name} on {date} (today).} other {Next to lapse: {name} on {date} (in {days} days).}}',
});

/** A person's training record: what they did, this year's totals, and their certificates by what lapses next. */
export function PersonRecord({ userId }: { userId: string }) {
  const intl = useIntl();
  const record = useAppQuery('trainings.record', { userId });
  const currency = useAppQuery('organization.get', undefined).data?.currency ?? DEFAULT_CURRENCY;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = record.data?.person.id;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  if (record.error) return <ErrorNote message={record.error} onRetry={record.reload} />;
  if (!record.data) {
    return record.loading ? (
      <Loading />
    ) : (
      <Empty>
        <FormattedMessage
          id="trainings.record.notInDirectory"
          defaultMessage="This person is not in the directory on this computer."
        />
      </Empty>
    );
  }
  const { person, trainings, year, totals, certificates } = record.data;
  const next = certificates.find((c) => c.daysLeft >= 0);
  return (
    <article className="trainings-person-record" aria-labelledby="person-record-title">
      <a href={href('trainings')} className="back-link">
        <Pointing mark={BACK} />
        {SPACE}
        {intl.formatMessage(ALL_TRAININGS)}
      </a>
      <h2 id="person-record-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage(RECORD_OF, { name: person.name })}
      </h2>
      <p className="hint">{[person.department, person.email].filter(Boolean).join(SEPARATOR)}</p>
      <section aria-labelledby="totals-title">
        <h3 id="totals-title">
          <FormattedMessage id="trainings.record.year" defaultMessage="In {year}" values={{ year }} />
        </h3>
        <dl className="trainings-record-totals">
          <div>
            <dt>
              <FormattedMessage id="trainings.record.totals.trainings" defaultMessage="Trainings" />
            </dt>
            <dd>{totals.trainings}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="trainings.record.totals.hours" defaultMessage="Hours" />
            </dt>
            <dd>{numberText(intl, totals.hours)}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="trainings.record.totals.structured" defaultMessage="Structured units" />
            </dt>
            <dd>{numberText(intl, totals.structuredUnits)}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="trainings.record.totals.unstructured" defaultMessage="Unstructured units" />
            </dt>
            <dd>{numberText(intl, totals.unstructuredUnits)}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="trainings.record.totals.cost" defaultMessage="Cost" />
            </dt>
            <dd>{formatMoney(totals.cost, currency, formatLocale(intl.locale))}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="certificates-title">
        <h3 id="certificates-title">
          <FormattedMessage id="trainings.record.certificates" defaultMessage="Certificates" />
        </h3>
        {certificates.length === 0 ? (
          <Empty>
            <FormattedMessage
              id="trainings.record.certificates.none"
              defaultMessage="No certificate with an expiry date."
            />
          </Empty>
        ) : (
          <>
            <p role="status">
              {next
                ? intl.formatMessage(NEXT_TO_LAPSE, {
                    name: next.name,
                    date: dateText(intl, next.expiryDate),
                    days: next.daysLeft,
                  })
                : intl.formatMessage({
                    id: 'trainings.record.allLapsed',
                    defaultMessage: 'Every certificate with an expiry date has lapsed.',
                  })}
            </p>
            <ul className="trainings-certificates">
              {certificates.map((c) => (
                <li key={c.trainingId}>
                  <span className={`badge trainings-expiry-${c.state}`}>
                    <DateText date={c.expiryDate} />
                    {SEPARATOR}
                    {intl.formatMessage(EXPIRY_TEXT, { state: c.state })}
                  </span>
                  {SPACE}
                  {c.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="all-title">
        <h3 id="all-title">
          <FormattedMessage id="trainings.record.trainings" defaultMessage="Trainings" />
        </h3>
        {trainings.length === 0 ? (
          <Empty>
            <FormattedMessage id="trainings.record.trainings.none" defaultMessage="No training recorded yet." />
          </Empty>
        ) : (
          <table className="table trainings-record-table">
            <PlainHead
              columns={[COLUMNS.training, COLUMNS.dates, COLUMNS.status, COLUMNS.hours, COLUMNS.cost].map((m) =>
                intl.formatMessage(m),
              )}
            />
            <tbody>
              {trainings.map((t) => (
                <tr key={t.id}>
                  <th scope="row" className="cell">
                    {t.name}
                  </th>
                  <td className="cell nowrap">{datesWords(intl, t)}</td>
                  <td className="cell">{statusWords(intl, t, SEPARATOR)}</td>
                  <td className="cell">{t.hours === null ? NOTHING : numberText(intl, t.hours)}</td>
                  <td className="cell nowrap">
                    {t.cost === null ? NOTHING : formatMoney(t.cost, currency, formatLocale(intl.locale))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </article>
  );
}

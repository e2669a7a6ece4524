import { daysText } from '@renderer/features/leave';
import type { Leave } from '@shared/wire';
import { Dialog, ErrorNote, Loading } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';

import { kindName, span, typeName, WORKING_DAYS } from '@renderer/features/leave';
import { defineMessage, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { dayMonthText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';

const MESSAGES = {
  title: defineMessage<{ person: string; dates: string }>({
    id: 'approvals.context.title',
    defaultMessage: '{person}, {dates}',
  }),
  awayItem: defineMessage<{ name: string; dates: string; status: Leave['status'] }>({
    id: 'approvals.context.alsoAway.item',
    defaultMessage:
      '{name}, {dates} ({status, select, PENDING {pending} APPROVED {approved} REJECTED {rejected} other {{status}}})',
  }),
  theirYear: defineMessage<{ person: string; year: string }>({
    id: 'approvals.context.theirYear',
    defaultMessage: '{person}’s leave in {year}',
  }),
  balance: defineMessage<{ leave: string; before: string; after: string; strong: MessageTag }>({
    id: 'approvals.context.balance',
    defaultMessage: '{leave} left: {before} before this request, <strong>{after}</strong> after it.',
  }),
  typeDays: defineMessage<{ type: string; days: string }>({
    id: 'approvals.context.typeDays',
    defaultMessage: '{type}: {days}',
  }),
};

/** What a reviewer weighs beside a request: who else is away, how many each day, the person's year. */
export function ContextDialog({ leave, who, onClose }: { leave: Leave; who: string; onClose: () => void }) {
  const intl = useIntl();
  const context = useAppQuery('leave.context', { id: leave.id });
  const year = leave.startDate.slice(0, 4);
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title, { person: who, dates: span(intl, leave) })} onClose={onClose}>
      {leave.notes && (
        <section aria-labelledby="their-note" className="approvals-context">
          <h3 id="their-note">
            <FormattedMessage id="approvals.context.theirNote" defaultMessage="Their note" />
          </h3>
          <p className="long-text" translate="no">
            {leave.notes}
          </p>
        </section>
      )}
      {context.error && <ErrorNote message={context.error} onRetry={context.reload} />}
      {!context.data && context.loading && <Loading />}
      {context.data && (
        <div className="approvals-context">
          <section aria-labelledby="also-away">
            <h3 id="also-away">
              <FormattedMessage id="approvals.context.alsoAway" defaultMessage="Also away in the department" />
            </h3>
            {context.data.alsoAway.length === 0 ? (
              <p className="hint">
                <FormattedMessage
                  id="approvals.context.alsoAway.none"
                  defaultMessage="Nobody else in the department is away on these days."
                />
              </p>
            ) : (
              <ul>
                {context.data.alsoAway.map((o) => (
                  <li key={`${o.name}${o.startDate}`}>
                    {intl.formatMessage(MESSAGES.awayItem, { name: o.name, dates: span(intl, o), status: o.status })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {context.data.perDay.length > 0 && (
            <section aria-labelledby="per-day">
              <h3 id="per-day">
                <FormattedMessage id="approvals.context.perDay" defaultMessage="Others away each working day" />
              </h3>
              <ul className="approvals-per-day">
                {context.data.perDay.map((d) => (
                  <li key={d.date} className={d.away > 0 ? 'approvals-busy' : ''}>
                    <time dateTime={d.date}>{dayMonthText(intl, d.date)}</time>
                    {SPACE}
                    <strong>{d.away}</strong>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="their-year">
            <h3 id="their-year">{intl.formatMessage(MESSAGES.theirYear, { person: who, year })}</h3>
            {context.data.balance && (
              <p>
                {intl.formatMessage(MESSAGES.balance, {
                  leave: kindName(intl, leave.type),
                  before: daysText(intl, context.data.balance.before),
                  after: daysText(intl, context.data.balance.after),
                  strong: (chunks) => <strong>{chunks}</strong>,
                })}
              </p>
            )}
            {context.data.year.length === 0 ? (
              <p className="hint">
                <FormattedMessage id="approvals.context.year.none" defaultMessage="None yet." />
              </p>
            ) : (
              <ul>
                {context.data.year.map((t) => (
                  <li key={t.type}>
                    {intl.formatMessage(MESSAGES.typeDays, {
                      type: typeName(intl, t.type),
                      days: intl.formatMessage(WORKING_DAYS, { count: t.days }),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

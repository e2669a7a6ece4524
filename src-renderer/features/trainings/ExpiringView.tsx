import { useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { expiringCsvRows, type ExpiringItem } from '@shared/records/trainingExpiry';
import { csvDocument } from '@shared/records/csv';
import { saveTextFile } from '@renderer/components/saveTextFile';
import { Button, Empty, ErrorNote, Loading, PlainHead, toast } from '@renderer/components/ui';
import { SPACE } from '@renderer/i18n/punctuation';
import { DateText } from '@renderer/i18n/DateText';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useBridge } from '@renderer/state/bridgeContext';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { messageOf } from '@renderer/bridge/bridge';

const MESSAGES = defineMessages({
  lapsed: { id: 'trainings.expiring.lapsed', defaultMessage: 'Lapsed' },
  expiring: { id: 'trainings.expiring.expiring', defaultMessage: 'Expiring within 90 days' },
  person: { id: 'trainings.expiring.column.person', defaultMessage: 'Person' },
  training: { id: 'trainings.expiring.column.training', defaultMessage: 'Training' },
  expires: { id: 'trainings.expiring.column.expires', defaultMessage: 'Expires' },
  when: { id: 'trainings.expiring.column.when', defaultMessage: 'When' },
  loadingRest: { id: 'trainings.expiring.loadingRest', defaultMessage: 'Loading the rest…' },
  today: { id: 'trainings.expiring.today', defaultMessage: 'today' },
  noDepartment: { id: 'trainings.expiring.noDepartment', defaultMessage: 'No department' },
  inNoDepartment: { id: 'trainings.expiring.noDepartment.inSentence', defaultMessage: 'no department' },
});
const IN_DAYS = defineMessage<{ days: number }>({
  id: 'trainings.expiring.inDays',
  defaultMessage: '{days, plural, one {in {days} day} other {in {days} days}}',
});
const DAYS_AGO = defineMessage<{ days: number }>({
  id: 'trainings.expiring.daysAgo',
  defaultMessage: '{days, plural, one {{days} day ago} other {{days} days ago}}',
});
const SHOWN_OF = defineMessage<{ shown: number; count: number }>({
  id: 'trainings.expiring.shownOf',
  defaultMessage: '{shown} of {count} shown',
});
// `which` is the list's, `group` its department's name (or "no department").
const SHOW_FIRST = defineMessage<{ count: number; which: 'expiring' | 'lapsed'; group: string }>({
  id: 'trainings.expiring.showFirst',
  defaultMessage:
    '{which, select, lapsed {Show the first {count} lapsed in {group}} other {Show the first {count} expiring in {group}}}',
});
const SHOW_ALL = defineMessage<{ count: number; which: 'expiring' | 'lapsed'; group: string }>({
  id: 'trainings.expiring.showAll',
  defaultMessage:
    '{which, select, lapsed {Show all {count} lapsed in {group}} other {Show all {count} expiring in {group}}}',
});
const EXPORTED = defineMessage<{ count: number; file: string }>({
  id: 'trainings.expiring.exported',
  defaultMessage:
    '{count, plural, one {Exported {count} training to {file}} other {Exported {count} trainings to {file}}}',
});
const NOT_EXPORTED = defineMessage<{ reason: string }>({
  id: 'trainings.expiring.notExported',
  defaultMessage: 'The CSV was not made: {reason}',
});
const GROUP_COUNTS = defineMessage<{ expiring: number; lapsed: number }>({
  id: 'trainings.expiring.group.counts',
  defaultMessage: '{expiring} expiring · {lapsed} lapsed',
});

const CSV_FILE = 'expiring-trainings.csv';

const when = (i: ExpiringItem, intl: IntlShape) =>
  i.daysLeft === 0
    ? intl.formatMessage(MESSAGES.today)
    : i.daysLeft > 0
      ? intl.formatMessage(IN_DAYS, { days: i.daysLeft })
      : intl.formatMessage(DAYS_AGO, { days: -i.daysLeft });

/** Rows a list shows before "Show all": thousands of rows in one page are read by no one and slow to draw. */
const FIRST_SHOWN = 10;

function Items({
  items,
  count,
  which,
  group,
  onShowAll,
}: {
  /** The list's rows as sent: its first ones, or all of them once asked. */
  items: ExpiringItem[];
  count: number;
  which: 'expiring' | 'lapsed';
  group: string;
  onShowAll: () => void;
}) {
  const intl = useIntl();
  const [all, setAll] = useState(false);
  if (count === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  return (
    <>
      <table className="table trainings-expiring-table">
        <caption>{intl.formatMessage(which === 'lapsed' ? MESSAGES.lapsed : MESSAGES.expiring)}</caption>
        <PlainHead
          columns={[MESSAGES.person, MESSAGES.training, MESSAGES.expires, MESSAGES.when].map((m) =>
            intl.formatMessage(m),
          )}
        />
        <tbody>
          {shown.map((i) => (
            <tr key={i.trainingId}>
              <th scope="row" className="cell">
                <a href={href('trainings', { person: i.userId })}>{i.person}</a>
              </th>
              <td className="cell">{i.name}</td>
              <td className="cell nowrap">
                <DateText date={i.expiryDate} />
              </td>
              <td className="cell nowrap">{when(i, intl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {count > FIRST_SHOWN && (
        <p className="trainings-expiring-more">
          <span className="hint">
            {all && shown.length < count
              ? intl.formatMessage(MESSAGES.loadingRest)
              : intl.formatMessage(SHOWN_OF, { shown: shown.length, count })}
            {SPACE}
          </span>
          <Button
            onPress={() => {
              if (!all) onShowAll();
              setAll(!all);
            }}
          >
            {all
              ? intl.formatMessage(SHOW_FIRST, { count: FIRST_SHOWN, which, group })
              : intl.formatMessage(SHOW_ALL, { count, which, group })}
          </Button>
        </p>
      )}
    </>
  );
}

/**
 * Who has what expiring in the next 90 days and what has lapsed, by department, soonest first,
 * with counts; computed from the cache, so it and its CSV work offline. Each list comes with its
 * first rows, the rest of a department's when asked; the CSV asks for every row.
 */
export function ExpiringView() {
  const bridge = useBridge();
  const intl = useIntl();
  const format = useFormatMessage();
  const [whole, setWhole] = useState<(string | null)[]>([]);
  const data = useAppQuery('trainings.expiring', { shown: FIRST_SHOWN, whole });
  const exportCsv = async () => {
    try {
      const table = expiringCsvRows((await bridge.call('trainings.expiring', undefined)).groups, format);
      const count = table.length - 1;
      saveTextFile(CSV_FILE, csvDocument(table), 'text/csv');
      toast(intl.formatMessage(EXPORTED, { count, file: CSV_FILE }));
    } catch (error) {
      toast(intl.formatMessage(NOT_EXPORTED, { reason: messageOf(error) }));
    }
  };
  if (data.error) return <ErrorNote message={data.error} onRetry={data.reload} />;
  if (!data.data) return <Loading />;
  const { groups, expiring, lapsed } = data.data;
  return (
    <div className="trainings-expiring-view">
      <div className="trainings-toolbar">
        <p role="status">
          <FormattedMessage
            id="trainings.expiring.counts"
            defaultMessage="<b>{expiring}</b> expiring within 90 days · <b>{lapsed}</b> lapsed"
            values={{ expiring, lapsed, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        <Button onPress={() => void exportCsv()} isDisabled={expiring + lapsed === 0}>
          <FormattedMessage id="trainings.expiring.export" defaultMessage="Export CSV" />
        </Button>
      </div>
      {groups.length === 0 && (
        <Empty>
          <FormattedMessage
            id="trainings.expiring.empty"
            defaultMessage="Nothing expires in the next 90 days and nothing has lapsed. Certificates appear here 90 days ahead."
          />
        </Empty>
      )}
      {groups.map((g) => {
        const name = g.department ?? intl.formatMessage(MESSAGES.inNoDepartment);
        const heading = g.department ?? intl.formatMessage(MESSAGES.noDepartment);
        const showAll = () => setWhole((w) => (w.includes(g.department) ? w : [...w, g.department]));
        return (
          <section key={g.department ?? ''} aria-label={heading} className="trainings-expiring-group">
            <h3>
              {heading}
              {SPACE}
              <span className="hint">
                {intl.formatMessage(GROUP_COUNTS, { expiring: g.expiringCount, lapsed: g.lapsedCount })}
              </span>
            </h3>
            <Items items={g.expiring} count={g.expiringCount} which="expiring" group={name} onShowAll={showAll} />
            <Items items={g.lapsed} count={g.lapsedCount} which="lapsed" group={name} onShowAll={showAll} />
          </section>
        );
      })}
    </div>
  );
}

import { useState } from 'react';
import { expiringCsvRows, type ExpiringItem } from '@shared/records/trainingExpiry';
import { csvDocument } from '@shared/records/csv';
import { saveTextFile } from '@renderer/components/saveTextFile';
import { Button, Empty, ErrorNote, Loading, PlainHead, toast } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useBridge } from '@renderer/state/bridgeContext';
import { messageOf } from '@renderer/bridge/bridge';

const when = (i: ExpiringItem) =>
  i.daysLeft === 0
    ? 'today'
    : i.daysLeft > 0
      ? `in ${i.daysLeft} day${i.daysLeft === 1 ? '' : 's'}`
      : `${-i.daysLeft} day${i.daysLeft === -1 ? '' : 's'} ago`;

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
  const [all, setAll] = useState(false);
  if (count === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  return (
    <>
      <table className="table trainings-expiring-table">
        <caption>{which === 'lapsed' ? 'Lapsed' : 'Expiring within 90 days'}</caption>
        <PlainHead columns={['Person', 'Training', 'Expires', 'When']} />
        <tbody>
          {shown.map((i) => (
            <tr key={i.trainingId}>
              <th scope="row" className="cell">
                <a href={href('trainings', { person: i.userId })}>{i.person}</a>
              </th>
              <td className="cell">{i.name}</td>
              <td className="cell nowrap">{i.expiryDate}</td>
              <td className="cell nowrap">{when(i)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {count > FIRST_SHOWN && (
        <p className="trainings-expiring-more">
          <span className="hint">
            {all && shown.length < count ? 'Loading the rest…' : `${shown.length} of ${count} shown`}{' '}
          </span>
          <Button
            onPress={() => {
              if (!all) onShowAll();
              setAll(!all);
            }}
          >
            {all ? `Show the first ${FIRST_SHOWN} ${which} in ${group}` : `Show all ${count} ${which} in ${group}`}
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
  const [whole, setWhole] = useState<(string | null)[]>([]);
  const data = useAppQuery('trainings.expiring', { shown: FIRST_SHOWN, whole });
  const exportCsv = async () => {
    try {
      const table = expiringCsvRows((await bridge.call('trainings.expiring', undefined)).groups);
      const count = table.length - 1;
      saveTextFile('expiring-trainings.csv', csvDocument(table), 'text/csv');
      toast(`Exported ${count} training${count === 1 ? '' : 's'} to expiring-trainings.csv`);
    } catch (error) {
      toast(`The CSV was not made: ${messageOf(error)}`);
    }
  };
  if (data.error) return <ErrorNote message={data.error} onRetry={data.reload} />;
  if (!data.data) return <Loading />;
  const { groups, expiring, lapsed } = data.data;
  return (
    <div className="trainings-expiring-view">
      <div className="trainings-toolbar">
        <p role="status">
          <strong>{expiring}</strong> expiring within 90 days · <strong>{lapsed}</strong> lapsed
        </p>
        <Button onPress={() => void exportCsv()} isDisabled={expiring + lapsed === 0}>
          Export CSV
        </Button>
      </div>
      {groups.length === 0 && (
        <Empty>
          Nothing expires in the next 90 days and nothing has lapsed. Certificates appear here 90 days ahead.
        </Empty>
      )}
      {groups.map((g) => {
        const name = g.department ?? 'no department';
        const showAll = () => setWhole((w) => (w.includes(g.department) ? w : [...w, g.department]));
        return (
          <section
            key={g.department ?? ''}
            aria-label={g.department ?? 'No department'}
            className="trainings-expiring-group"
          >
            <h3>
              {g.department ?? 'No department'}{' '}
              <span className="hint">
                {g.expiringCount} expiring · {g.lapsedCount} lapsed
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

import { useState } from 'react';
import { expiringCsvRows, type ExpiringItem } from '@shared/records/trainingExpiry';
import { csvDocument } from '@shared/records/csv';
import { saveTextFile } from '@renderer/components/saveTextFile';
import { Button, Empty, ErrorNote, Loading, PlainHead, toast } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';

const when = (i: ExpiringItem) =>
  i.daysLeft === 0
    ? 'today'
    : i.daysLeft > 0
      ? `in ${i.daysLeft} day${i.daysLeft === 1 ? '' : 's'}`
      : `${-i.daysLeft} day${i.daysLeft === -1 ? '' : 's'} ago`;

/** Rows a list shows before "Show all": thousands of rows in one page are read by no one and slow to draw. */
const FIRST_SHOWN = 10;

function Items({ items, caption, group }: { items: ExpiringItem[]; caption: string; group: string }) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  const what = caption === 'Lapsed' ? 'lapsed' : 'expiring';
  return (
    <>
      <table className="table trainings-expiring-table">
        <caption>{caption}</caption>
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
      {items.length > FIRST_SHOWN && (
        <p className="trainings-expiring-more">
          <span className="hint">
            {shown.length} of {items.length} shown{' '}
          </span>
          <Button onPress={() => setAll(!all)}>
            {all ? `Show the first ${FIRST_SHOWN} ${what} in ${group}` : `Show all ${items.length} ${what} in ${group}`}
          </Button>
        </p>
      )}
    </>
  );
}

/**
 * Who has what expiring in the next 90 days and what has lapsed, by department, soonest first,
 * with counts; computed from the cache, so it and its CSV work offline. Each list shows its first
 * rows and the rest on asking; the CSV holds them all.
 */
export function ExpiringView() {
  const data = useAppQuery('trainings.expiring', undefined);
  const exportCsv = () => {
    if (!data.data) return;
    const table = expiringCsvRows(data.data.groups);
    const count = table.length - 1;
    saveTextFile('expiring-trainings.csv', csvDocument(table), 'text/csv');
    toast(`Exported ${count} training${count === 1 ? '' : 's'} to expiring-trainings.csv`);
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
        <Button onPress={exportCsv} isDisabled={expiring + lapsed === 0}>
          Export CSV
        </Button>
      </div>
      {groups.length === 0 && (
        <Empty>
          Nothing expires in the next 90 days and nothing has lapsed. Certificates appear here 90 days ahead.
        </Empty>
      )}
      {groups.map((g) => (
        <section
          key={g.department ?? ''}
          aria-label={g.department ?? 'No department'}
          className="trainings-expiring-group"
        >
          <h3>
            {g.department ?? 'No department'}{' '}
            <span className="hint">
              {g.expiring.length} expiring · {g.lapsed.length} lapsed
            </span>
          </h3>
          <Items items={g.expiring} caption="Expiring within 90 days" group={g.department ?? 'no department'} />
          <Items items={g.lapsed} caption="Lapsed" group={g.department ?? 'no department'} />
        </section>
      ))}
    </div>
  );
}

// My leave: my requests, balance and what is coming up, the tab every role has (and the whole view
// for someone who oversees nobody).
import { useCallback, useState } from 'react';
import type { Leave, LeaveStatus } from '@shared/wire';
import {
  Button,
  Cell,
  Column,
  Dialog,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Select,
  Table,
  TableBody,
  TableHeader,
} from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusAfterDialog } from '@renderer/state/focus';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { useRoute } from '@renderer/state/route';
import { BalanceCards, dayAndMonth } from './BalanceSheet';
import { FocusedLeave } from './FocusedLeave';
import { LeaveRequestDialog } from './LeaveRequestDialog';
import { LeaveStatusMark } from './LeaveStatusMark';
import { span, typeName } from './leaveWords';
import { useUndoableWithdraw } from './undoableWithdraw';

function WithdrawDialog({ leave, onWithdraw, onClose }: { leave: Leave; onWithdraw: () => void; onClose: () => void }) {
  return (
    <Dialog title="Withdraw this request?" onClose={onClose} size="small">
      <p>
        {typeName(leave.type)} leave, {span(leave)}. Your manager will no longer see it. You can undo this for a few
        seconds.
      </p>
      <div className="actions">
        <Button
          variant="danger"
          onPress={() => {
            onWithdraw();
            onClose();
          }}
        >
          Withdraw
        </Button>
        <Button onPress={onClose}>Keep it</Button>
      </div>
    </Dialog>
  );
}

const STATUS_CHOICES = [
  { id: 'any', name: 'Any' },
  { id: 'PENDING', name: 'Pending' },
  { id: 'APPROVED', name: 'Approved' },
  { id: 'REJECTED', name: 'Rejected' },
];

/** This year's working days by type: approved, and what is still pending. */
function YearTotals({ year }: { year: number }) {
  const totals = useAppQuery('leave.totals', { year });
  if (!totals.data?.length) return null;
  const byType = new Map<string, { approved: number; pending: number }>();
  for (const t of totals.data) {
    const entry = byType.get(t.type) ?? { approved: 0, pending: 0 };
    entry[t.status === 'APPROVED' ? 'approved' : 'pending'] += t.days;
    byType.set(t.type, entry);
  }
  return (
    <ul className="leave-totals" aria-label={`Working days in ${year}, by type`}>
      <li className="hint">In {year}:</li>
      {[...byType].map(([type, { approved, pending }]) => (
        <li key={type}>
          <strong>{typeName(type as Leave['type'])}</strong> {approved} day{approved === 1 ? '' : 's'}
          {pending > 0 && <span className="hint"> (+{pending} pending)</span>}
        </li>
      ))}
    </ul>
  );
}

/** What is left of each counted type in a leave year, known offline, with the ledger behind it. */
function MyBalances() {
  const [year, setYear] = useState<number | null>(null);
  const sheet = useAppQuery('leave.balances', year ? { year } : {});
  const shown = sheet.data?.year ?? year;
  const years = shown ? [shown - 1, shown, shown + 1] : [];
  return (
    <section aria-labelledby="balances-title" className="leave-balances">
      <div className="leave-balances-head">
        <h2 id="balances-title">My balance</h2>
        {sheet.data && (
          <>
            <span className="hint">
              Leave year {dayAndMonth(sheet.data.startDate)} {sheet.data.startDate.slice(0, 4)} –{' '}
              {dayAndMonth(sheet.data.endDate)} {sheet.data.endDate.slice(0, 4)}
            </span>
            <Select
              label="Leave year"
              className="leave-year-picker"
              items={years.map((y) => ({ id: String(y), name: String(y) }))}
              value={String(shown)}
              onChange={(v) => setYear(Number(v))}
            />
          </>
        )}
      </div>
      {sheet.error && <ErrorNote message={sheet.error} onRetry={sheet.reload} />}
      {!sheet.data && sheet.loading && <Loading />}
      {sheet.data && <BalanceCards sheet={sheet.data} />}
    </section>
  );
}

export function MyLeave() {
  const thisYear = new Date().getFullYear();
  const opened = useRoute().params.get('id');
  const myId = useAppStore((s) => s.account?.userId);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<LeaveStatus | ''>('');
  const [year, setYear] = useState<number | null>(null);
  const [editing, setEditing] = useState<Leave | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<Leave | null>(null);
  const mine = useAppQuery('leave.mine', {
    page,
    pageSize: 20,
    ...(year ? { year } : {}),
    ...(status ? { status } : {}),
  });
  const { waiting, answer: waitingAnswer } = useWaitingIds();
  // Focus follows the request: to the next one when it is withdrawn, back onto it when kept.
  const { held, withdraw } = useUndoableWithdraw(
    useCallback(
      (id: string) => focusAfterDialog(() => document.querySelector<HTMLElement>(`[data-key="${CSS.escape(id)}"]`)),
      [],
    ),
  );
  const rows = (mine.data?.data ?? []).filter((l) => !held.has(l.id));
  const upcoming = useAppQuery('leave.upcoming', { pageSize: 50 });
  const comingUp = (upcoming.data?.data ?? []).filter((l) => l.userId === myId).slice(0, 5);
  const years = [
    { id: 'all', name: 'All years' },
    ...[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ id: String(y), name: String(y) })),
  ];

  return (
    <>
      <div className="tools leave-mine-tools">
        <Button variant="primary" onPress={() => setEditing('new')}>
          New leave request
        </Button>
      </div>
      {opened && <FocusedLeave id={opened} />}
      <MyBalances />
      {comingUp.length > 0 && (
        <section aria-labelledby="upcoming-title" className="leave-upcoming">
          <h2 id="upcoming-title">Coming up</h2>
          <ul className="card-list">
            {comingUp.map((l) => (
              <li key={l.id}>
                <span>
                  <strong>{typeName(l.type)}</strong> {span(l)} · {l.days} working day
                  {l.days === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h2 id="mine-title" tabIndex={-1}>
        My requests
      </h2>
      <YearTotals year={year ?? thisYear} />
      <div className="filters">
        <Select
          label="Status"
          items={STATUS_CHOICES}
          value={status || 'any'}
          onChange={(v) => {
            setStatus(v === 'any' ? '' : (v as LeaveStatus));
            setPage(1);
          }}
        />
        <Select
          label="Year"
          items={years}
          value={year ? String(year) : 'all'}
          onChange={(v) => {
            setYear(v === 'all' ? null : Number(v));
            setPage(1);
          }}
        />
      </div>
      {mine.error && <ErrorNote message={mine.error} onRetry={mine.reload} />}
      {!mine.data && mine.loading && <Loading />}
      {mine.data && rows.length === 0 && (
        <Empty>{status || year ? 'No request matches these filters.' : 'No leave requested yet.'}</Empty>
      )}
      {rows.length > 0 && (
        <Table aria-labelledby="mine-title">
          <TableHeader>
            <Column isRowHeader>Dates</Column>
            <Column>Type</Column>
            <Column>Working days</Column>
            <Column>Status</Column>
            <Column>Notes</Column>
            <Column>
              <span className="visually-hidden">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={rows} dependencies={[waitingAnswer]}>
            {(l) => (
              <Row id={l.id}>
                <Cell className="nowrap">{span(l)}</Cell>
                <Cell>{typeName(l.type)}</Cell>
                <Cell>{l.days}</Cell>
                <Cell className="long-text">
                  <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
                  {l.reviewComment && <span className="leave-review-comment">“{l.reviewComment}”</span>}
                </Cell>
                <Cell className="long-text">{l.notes ?? ''}</Cell>
                <Cell>
                  {l.status === 'PENDING' && (
                    <div className="row-actions">
                      <Button aria-label={`Edit ${typeName(l.type)} leave, ${span(l)}`} onPress={() => setEditing(l)}>
                        Edit
                      </Button>
                      <Button
                        aria-label={`Withdraw ${typeName(l.type)} leave, ${span(l)}`}
                        onPress={() => setWithdrawing(l)}
                      >
                        Withdraw
                      </Button>
                    </div>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {mine.data && <Pagination meta={mine.data.meta} onPage={setPage} label="Leave pages" />}
      {editing && (
        <LeaveRequestDialog leave={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {withdrawing && (
        <WithdrawDialog
          leave={withdrawing}
          onWithdraw={() => {
            withdraw(withdrawing.id, `${typeName(withdrawing.type)} leave, ${span(withdrawing)}`);
            focusAfterDialog(
              () =>
                document.querySelector<HTMLElement>(
                  `[aria-labelledby="mine-title"] tbody tr:not([data-key="${CSS.escape(withdrawing.id)}"])`,
                ) ?? document.getElementById('mine-title'),
            );
          }}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </>
  );
}

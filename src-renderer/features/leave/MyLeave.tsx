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
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import {
  kindName,
  LEAVE_LABELS,
  requestWhat,
  REVIEW_COMMENT,
  span,
  statusName,
  typeName,
  WORKING_DAYS,
} from './leaveWords';
import { useUndoableWithdraw } from './undoableWithdraw';
import { numberText } from '@renderer/i18n/dates';

const MESSAGES = {
  withdrawTitle: defineMessage({ id: 'leave.withdraw.title', defaultMessage: 'Withdraw this request?' }),
  withdrawText: defineMessage<{ leave: string; dates: string }>({
    id: 'leave.withdraw.text',
    defaultMessage: '{leave}, {dates}. Your manager will no longer see it. You can undo this for a few seconds.',
  }),
  withdraw: defineMessage({ id: 'leave.withdraw.button', defaultMessage: 'Withdraw' }),
  any: defineMessage({ id: 'leave.mine.status.any', defaultMessage: 'Any' }),
  totals: defineMessage<{ year: string }>({
    id: 'leave.mine.totals',
    defaultMessage: 'Working days in {year}, by type',
  }),
  totalsIn: defineMessage<{ year: string }>({ id: 'leave.mine.totals.in', defaultMessage: 'In {year}:' }),
  totalDays: defineMessage<{ count: number }>({
    id: 'leave.mine.totals.days',
    defaultMessage: '{count, plural, one {# day} other {# days}}',
  }),
  totalPending: defineMessage<{ days: number }>({
    id: 'leave.mine.totals.pending',
    defaultMessage: '(+{days, number} pending)',
  }),
  leaveYearSpan: defineMessage<{ startDay: string; startYear: string; endDay: string; endYear: string }>({
    id: 'leave.mine.balance.leaveYear',
    defaultMessage: 'Leave year {startDay} {startYear} – {endDay} {endYear}',
  }),
  allYears: defineMessage({ id: 'leave.mine.year.all', defaultMessage: 'All years' }),
  noMatch: defineMessage({ id: 'leave.mine.noMatch', defaultMessage: 'No request matches these filters.' }),
  none: defineMessage({ id: 'leave.mine.none', defaultMessage: 'No leave requested yet.' }),
  edit: defineMessage<{ what: string }>({ id: 'leave.mine.edit.name', defaultMessage: 'Edit {what}' }),
  withdrawName: defineMessage<{ what: string }>({ id: 'leave.mine.withdraw.name', defaultMessage: 'Withdraw {what}' }),
  pages: defineMessage({ id: 'leave.mine.pages', defaultMessage: 'Leave pages' }),
};

function WithdrawDialog({ leave, onWithdraw, onClose }: { leave: Leave; onWithdraw: () => void; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog title={intl.formatMessage(MESSAGES.withdrawTitle)} onClose={onClose} size="small">
      <p>
        {intl.formatMessage(MESSAGES.withdrawText, { leave: kindName(intl, leave.type), dates: span(intl, leave) })}
      </p>
      <div className="actions">
        <Button
          variant="danger"
          onPress={() => {
            onWithdraw();
            onClose();
          }}
        >
          {intl.formatMessage(MESSAGES.withdraw)}
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="leave.withdraw.keep" defaultMessage="Keep it" />
        </Button>
      </div>
    </Dialog>
  );
}

/** This year's working days by type: approved, and what is still pending. */
function YearTotals({ year }: { year: number }) {
  const intl = useIntl();
  const totals = useAppQuery('leave.totals', { year });
  if (!totals.data?.length) return null;
  const byType = new Map<string, { approved: number; pending: number }>();
  for (const t of totals.data) {
    const entry = byType.get(t.type) ?? { approved: 0, pending: 0 };
    entry[t.status === 'APPROVED' ? 'approved' : 'pending'] += t.days;
    byType.set(t.type, entry);
  }
  return (
    <ul className="leave-totals" aria-label={intl.formatMessage(MESSAGES.totals, { year: String(year) })}>
      <li className="hint">{intl.formatMessage(MESSAGES.totalsIn, { year: String(year) })}</li>
      {[...byType].map(([type, { approved, pending }]) => (
        <li key={type}>
          <strong>{typeName(intl, type as Leave['type'])}</strong>
          {SPACE}
          {intl.formatMessage(MESSAGES.totalDays, { count: approved })}
          {pending > 0 && (
            <span className="hint">
              {SPACE}
              {intl.formatMessage(MESSAGES.totalPending, { days: pending })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What is left of each counted type in a leave year, known offline, with the ledger behind it. */
function MyBalances() {
  const intl = useIntl();
  const [year, setYear] = useState<number | null>(null);
  const sheet = useAppQuery('leave.balances', year ? { year } : {});
  const shown = sheet.data?.year ?? year;
  const years = shown ? [shown - 1, shown, shown + 1] : [];
  return (
    <section aria-labelledby="balances-title" className="leave-balances">
      <div className="leave-balances-head">
        <h2 id="balances-title">
          <FormattedMessage id="leave.mine.balance.title" defaultMessage="My balance" />
        </h2>
        {sheet.data && (
          <>
            <span className="hint">
              {intl.formatMessage(MESSAGES.leaveYearSpan, {
                startDay: dayAndMonth(intl, sheet.data.startDate),
                startYear: sheet.data.startDate.slice(0, 4),
                endDay: dayAndMonth(intl, sheet.data.endDate),
                endYear: sheet.data.endDate.slice(0, 4),
              })}
            </span>
            <Select
              label={intl.formatMessage(LEAVE_LABELS.leaveYear)}
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
  const intl = useIntl();
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
    { id: 'all', name: intl.formatMessage(MESSAGES.allYears) },
    ...[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ id: String(y), name: String(y) })),
  ];
  const statusChoices = [
    { id: 'any', name: intl.formatMessage(MESSAGES.any) },
    ...(['PENDING', 'APPROVED', 'REJECTED'] as const).map((id) => ({ id, name: statusName(intl, id) })),
  ];
  const what = (l: Leave) => requestWhat(intl, l);

  return (
    <>
      <div className="tools leave-mine-tools">
        <Button variant="primary" onPress={() => setEditing('new')}>
          <FormattedMessage id="leave.mine.new" defaultMessage="New leave request" />
        </Button>
      </div>
      {opened && <FocusedLeave id={opened} />}
      <MyBalances />
      {comingUp.length > 0 && (
        <section aria-labelledby="upcoming-title" className="leave-upcoming">
          <h2 id="upcoming-title">
            <FormattedMessage id="leave.mine.comingUp" defaultMessage="Coming up" />
          </h2>
          <ul className="card-list">
            {comingUp.map((l) => (
              <li key={l.id}>
                <span>
                  <strong>{typeName(intl, l.type)}</strong>
                  {SPACE}
                  {span(intl, l)}
                  {SEPARATOR}
                  {intl.formatMessage(WORKING_DAYS, { count: l.days })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h2 id="mine-title" tabIndex={-1}>
        <FormattedMessage id="leave.mine.title" defaultMessage="My requests" />
      </h2>
      <YearTotals year={year ?? thisYear} />
      <div className="filters">
        <Select
          label={intl.formatMessage(LEAVE_LABELS.status)}
          items={statusChoices}
          value={status || 'any'}
          onChange={(v) => {
            setStatus(v === 'any' ? '' : (v as LeaveStatus));
            setPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(LEAVE_LABELS.year)}
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
        <Empty>{intl.formatMessage(status || year ? MESSAGES.noMatch : MESSAGES.none)}</Empty>
      )}
      {rows.length > 0 && (
        <Table aria-labelledby="mine-title">
          <TableHeader>
            <Column isRowHeader>{intl.formatMessage(LEAVE_LABELS.dates)}</Column>
            <Column>{intl.formatMessage(LEAVE_LABELS.type)}</Column>
            <Column>{intl.formatMessage(LEAVE_LABELS.workingDays)}</Column>
            <Column>{intl.formatMessage(LEAVE_LABELS.status)}</Column>
            <Column>{intl.formatMessage(LEAVE_LABELS.notes)}</Column>
            <Column>
              <span className="visually-hidden">
                <FormattedMessage id="leave.mine.actions" defaultMessage="Actions" />
              </span>
            </Column>
          </TableHeader>
          <TableBody items={rows} dependencies={[waitingAnswer]}>
            {(l) => (
              <Row id={l.id}>
                <Cell className="nowrap">{span(intl, l)}</Cell>
                <Cell>{typeName(intl, l.type)}</Cell>
                <Cell>{numberText(intl, l.days)}</Cell>
                <Cell className="long-text">
                  <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
                  {l.reviewComment && (
                    <span className="leave-review-comment">
                      {intl.formatMessage(REVIEW_COMMENT, { comment: l.reviewComment })}
                    </span>
                  )}
                </Cell>
                <Cell className="long-text">{l.notes ?? ''}</Cell>
                <Cell>
                  {l.status === 'PENDING' && (
                    <div className="row-actions">
                      <Button
                        aria-label={intl.formatMessage(MESSAGES.edit, { what: what(l) })}
                        onPress={() => setEditing(l)}
                      >
                        <FormattedMessage id="leave.mine.edit" defaultMessage="Edit" />
                      </Button>
                      <Button
                        aria-label={intl.formatMessage(MESSAGES.withdrawName, { what: what(l) })}
                        onPress={() => setWithdrawing(l)}
                      >
                        {intl.formatMessage(MESSAGES.withdraw)}
                      </Button>
                    </div>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {mine.data && <Pagination meta={mine.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
      {editing && (
        <LeaveRequestDialog leave={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {withdrawing && (
        <WithdrawDialog
          leave={withdrawing}
          onWithdraw={() => {
            withdraw(withdrawing.id, what(withdrawing));
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

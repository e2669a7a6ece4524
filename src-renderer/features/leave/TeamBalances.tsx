import { useMemo, useState } from 'react';
import type { ListedBalance } from '@shared/appApi';

import {
  Button,
  Cell,
  Column,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Select,
  Table,
  TableBody,
  TableHeader,
  TextField,
} from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { href } from '@renderer/state/route';
import { AdjustDialog } from './AdjustDialog';
import { BalanceCards } from './BalanceSheet';
import { defineMessage, useIntl } from 'react-intl';
import { dateText } from '@renderer/i18n/dates';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import { daysText, LEAVE_LABELS, LEFT_OF, leftOfValues, typeName } from './leaveWords';

const PAGE_SIZE = 50;
/** A type the person has no balance of (every language writes it the same). */
const NO_BALANCE = '—';

const MESSAGES = {
  back: defineMessage({ id: 'leave.balances.back', defaultMessage: 'Back to everyone’s balances' }),
  notYours: defineMessage({
    id: 'leave.balances.notYours',
    defaultMessage: 'This person’s balance is not yours to see.',
  }),
  personTitle: defineMessage<{ name: string }>({
    id: 'leave.balances.person.title',
    defaultMessage: '{name}’s balance',
  }),
  started: defineMessage<{ date: string }>({ id: 'leave.balances.person.started', defaultMessage: 'Started {date}' }),
  leaveYear: defineMessage<{ start: string; end: string }>({
    id: 'leave.balances.leaveYear',
    defaultMessage: 'Leave year {start} – {end}',
  }),
  adjust: defineMessage({ id: 'leave.balances.adjust', defaultMessage: 'Adjust balance' }),
  trainings: defineMessage<{ name: string }>({
    id: 'leave.balances.person.trainings',
    defaultMessage: '{name}’s training record',
  }),
  title: defineMessage({ id: 'leave.balances.title', defaultMessage: 'Balances' }),
  titleYear: defineMessage<{ year: string }>({
    id: 'leave.balances.title.year',
    defaultMessage: 'Balances for {year}',
  }),
  yearSpan: defineMessage<{ start: string; end: string }>({
    id: 'leave.balances.yearSpan',
    defaultMessage: '({start} – {end})',
  }),
  find: defineMessage({ id: 'leave.balances.find', defaultMessage: 'Find a person' }),
  order: defineMessage({ id: 'leave.balances.order', defaultMessage: 'Order' }),
  byName: defineMessage({ id: 'leave.balances.order.name', defaultMessage: 'By name' }),
  byLeft: defineMessage({ id: 'leave.balances.order.left', defaultMessage: 'Fewest days left first' }),
  nobody: defineMessage({ id: 'leave.balances.nobody', defaultMessage: 'Nobody matches these filters.' }),
  takenBooked: defineMessage({ id: 'leave.balances.takenBooked', defaultMessage: 'Taken and booked' }),
  waiting: defineMessage({ id: 'leave.balances.waiting', defaultMessage: 'Waiting' }),
  pages: defineMessage({ id: 'leave.balances.pages', defaultMessage: 'Balance pages' }),
};

/** One person's balances, with the ledger and, for whoever may, "Adjust balance". */
function PersonBalance({ userId }: { userId: string }) {
  const intl = useIntl();
  const me = useAppStore((s) => s.account);
  const [year, setYear] = useState<number | null>(null);
  const sheet = useAppQuery('leave.balances', { userId, ...(year ? { year } : {}) });
  const [adjusting, setAdjusting] = useState(false);
  const data = sheet.data;
  const admin = !!me?.roles.includes('ADMIN');
  const mayAdjust = admin || (!!data?.policy.managersMayAdjust && data.userId !== me?.userId);
  const shown = data?.year ?? year;
  return (
    <section aria-labelledby="person-balance-title" className="leave-balances">
      <p>
        <a href={href('leave', { tab: 'balances' })}>{intl.formatMessage(MESSAGES.back)}</a>
      </p>
      {sheet.error && <ErrorNote message={sheet.error} onRetry={sheet.reload} />}
      {!data && sheet.loading && <Loading />}
      {sheet.data === null && <Empty>{intl.formatMessage(MESSAGES.notYours)}</Empty>}
      {data && (
        <>
          <div className="leave-balances-head">
            <h2 id="person-balance-title" tabIndex={-1}>
              {intl.formatMessage(MESSAGES.personTitle, { name: data.name })}
            </h2>
            <span className="hint">
              {data.personStartDate &&
                intl.formatMessage(MESSAGES.started, { date: dateText(intl, data.personStartDate) })}
              {data.personStartDate && SEPARATOR}
              {intl.formatMessage(MESSAGES.leaveYear, {
                start: dateText(intl, data.startDate),
                end: dateText(intl, data.endDate),
              })}
            </span>
            <Select
              label={intl.formatMessage(LEAVE_LABELS.leaveYear)}
              className="leave-year-picker"
              items={[shown! - 1, shown!, shown! + 1].map((y) => ({ id: String(y), name: String(y) }))}
              value={String(shown)}
              onChange={(v) => setYear(Number(v))}
            />
            {mayAdjust && (
              <Button variant="primary" onPress={() => setAdjusting(true)}>
                {intl.formatMessage(MESSAGES.adjust)}
              </Button>
            )}
          </div>
          <BalanceCards sheet={data} />
          <p>
            <a href={href('trainings', { person: data.userId })}>
              {intl.formatMessage(MESSAGES.trainings, { name: data.name })}
            </a>
          </p>
          {adjusting && (
            <AdjustDialog
              userId={data.userId}
              name={data.name}
              year={data.year}
              types={data.policy.types.filter((t) => t.counted).map((t) => t.type)}
              onClose={() => setAdjusting(false)}
            />
          )}
        </>
      )}
    </section>
  );
}

const leftOf = (p: ListedBalance) => p.balances[0]?.remaining ?? 0;

/** Everyone in scope with what they have left, lowest first when asked; a name opens the person's balance. */
function EveryonesBalances() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [order, setOrder] = useState<'name' | 'left'>('name');
  const [page, setPage] = useState(1);
  const list = useAppQuery('leave.balanceList', {
    ...(search.trim() ? { search } : {}),
    ...(departmentId ? { departmentId } : {}),
  });
  const departments = useAppQuery('departments.list', undefined);
  const people = useMemo(() => {
    const all = list.data?.people ?? [];
    return order === 'left' ? [...all].sort((a, b) => leftOf(a) - leftOf(b)) : all;
  }, [list.data, order]);
  const types = list.data?.people[0]?.balances.map((b) => b.type) ?? ['ANNUAL'];
  const rows = people.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const total = people.length;
  return (
    <section aria-labelledby="everyone-title">
      <h2 id="everyone-title">
        {list.data
          ? intl.formatMessage(MESSAGES.titleYear, { year: String(list.data.year) })
          : intl.formatMessage(MESSAGES.title)}
        {list.data && (
          <span className="hint leave-year-span">
            {SPACE}
            {intl.formatMessage(MESSAGES.yearSpan, {
              start: dateText(intl, list.data.startDate),
              end: dateText(intl, list.data.endDate),
            })}
          </span>
        )}
      </h2>
      <div className="filters">
        <TextField
          label={intl.formatMessage(MESSAGES.find)}
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(LEAVE_LABELS.department)}
          items={[{ id: 'all', name: intl.formatMessage(LEAVE_LABELS.allDepartments) }, ...(departments.data ?? [])]}
          value={departmentId || 'all'}
          onChange={(v) => {
            setDepartmentId(v === 'all' ? '' : v);
            setPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(MESSAGES.order)}
          items={[
            { id: 'name', name: intl.formatMessage(MESSAGES.byName) },
            { id: 'left', name: intl.formatMessage(MESSAGES.byLeft) },
          ]}
          value={order}
          onChange={(v) => setOrder(v as 'name' | 'left')}
        />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && total === 0 && <Empty>{intl.formatMessage(MESSAGES.nobody)}</Empty>}
      {rows.length > 0 && (
        <Table aria-labelledby="everyone-title">
          <TableHeader>
            <Column isRowHeader>{intl.formatMessage(LEAVE_LABELS.person)}</Column>
            {types.map((t) => (
              <Column key={t}>{typeName(intl, t)}</Column>
            ))}
            <Column>{intl.formatMessage(MESSAGES.takenBooked)}</Column>
            <Column>{intl.formatMessage(MESSAGES.waiting)}</Column>
          </TableHeader>
          <TableBody items={rows.map((p) => ({ ...p, id: p.userId }))}>
            {(p) => (
              <Row id={p.userId}>
                <Cell>
                  <a href={href('leave', { tab: 'balances', person: p.userId })}>{p.name}</a>
                </Cell>
                {types.map((t) => {
                  const b = p.balances.find((x) => x.type === t);
                  const left = b?.remaining ?? 0;
                  return (
                    <Cell key={t} className={left < 0 ? 'nowrap leave-balance-negative' : 'nowrap'}>
                      {b
                        ? intl.formatMessage(LEFT_OF, { ...leftOfValues(intl, b), strong: (chunks) => chunks })
                        : NO_BALANCE}
                    </Cell>
                  );
                })}
                <Cell>
                  {daysText(
                    intl,
                    p.balances.reduce((n, b) => n + b.taken + b.booked, 0),
                  )}
                </Cell>
                <Cell>
                  {daysText(
                    intl,
                    p.balances.reduce((n, b) => n + b.pending, 0),
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {list.data && total > 0 && (
        <Pagination
          meta={{ page, pageSize: PAGE_SIZE, total, totalPages: Math.ceil(total / PAGE_SIZE) }}
          onPage={setPage}
          label={intl.formatMessage(MESSAGES.pages)}
        />
      )}
    </section>
  );
}

/** The team's (or, for an admin, everyone's) balances, or one person's when the address names them. */
export function TeamBalances({ person }: { person: string | null }) {
  return person ? <PersonBalance userId={person} /> : <EveryonesBalances />;
}

import { useMemo, useState } from 'react';
import type { ListedBalance } from '@shared/appApi';
import { daysWord } from '@shared/rules';
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
import { leftOfWords, typeName } from './leaveWords';

const PAGE_SIZE = 50;

/** One person's balances, with the ledger and, for whoever may, "Adjust balance". */
function PersonBalance({ userId }: { userId: string }) {
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
        <a href={href('leave', { tab: 'balances' })}>Back to everyone’s balances</a>
      </p>
      {sheet.error && <ErrorNote message={sheet.error} onRetry={sheet.reload} />}
      {!data && sheet.loading && <Loading />}
      {sheet.data === null && <Empty>This person’s balance is not yours to see.</Empty>}
      {data && (
        <>
          <div className="leave-balances-head">
            <h2 id="person-balance-title" tabIndex={-1}>
              {data.name}’s balance
            </h2>
            <span className="hint">
              {data.personStartDate ? `Started ${data.personStartDate} · ` : ''}
              Leave year {data.startDate} – {data.endDate}
            </span>
            <Select
              label="Leave year"
              className="leave-year-picker"
              items={[shown! - 1, shown!, shown! + 1].map((y) => ({ id: String(y), name: String(y) }))}
              value={String(shown)}
              onChange={(v) => setYear(Number(v))}
            />
            {mayAdjust && (
              <Button variant="primary" onPress={() => setAdjusting(true)}>
                Adjust balance
              </Button>
            )}
          </div>
          <BalanceCards sheet={data} />
          <p>
            <a href={href('trainings', { person: data.userId })}>{data.name}’s training record</a>
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
        Balances{list.data ? ` for ${list.data.year}` : ''}
        {list.data && (
          <span className="hint leave-year-span">
            {' '}
            ({list.data.startDate} – {list.data.endDate})
          </span>
        )}
      </h2>
      <div className="filters">
        <TextField
          label="Find a person"
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label="Department"
          items={[{ id: 'all', name: 'All departments' }, ...(departments.data ?? [])]}
          value={departmentId || 'all'}
          onChange={(v) => {
            setDepartmentId(v === 'all' ? '' : v);
            setPage(1);
          }}
        />
        <Select
          label="Order"
          items={[
            { id: 'name', name: 'By name' },
            { id: 'left', name: 'Fewest days left first' },
          ]}
          value={order}
          onChange={(v) => setOrder(v as 'name' | 'left')}
        />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && total === 0 && <Empty>Nobody matches these filters.</Empty>}
      {rows.length > 0 && (
        <Table aria-labelledby="everyone-title">
          <TableHeader>
            <Column isRowHeader>Person</Column>
            {types.map((t) => (
              <Column key={t}>{typeName(t)}</Column>
            ))}
            <Column>Taken and booked</Column>
            <Column>Waiting</Column>
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
                      {b ? `${leftOfWords(b).left} ${leftOfWords(b).rest}` : '—'}
                    </Cell>
                  );
                })}
                <Cell>{daysWord(p.balances.reduce((n, b) => n + b.taken + b.booked, 0))}</Cell>
                <Cell>{daysWord(p.balances.reduce((n, b) => n + b.pending, 0))}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {list.data && total > 0 && (
        <Pagination
          meta={{ page, pageSize: PAGE_SIZE, total, totalPages: Math.ceil(total / PAGE_SIZE) }}
          onPage={setPage}
          label="Balance pages"
        />
      )}
    </section>
  );
}

/** The team's (or, for an admin, everyone's) balances, or one person's when the address names them. */
export function TeamBalances({ person }: { person: string | null }) {
  return person ? <PersonBalance userId={person} /> : <EveryonesBalances />;
}

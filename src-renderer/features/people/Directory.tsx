import { useDeferredValue, useState } from 'react';
import { utcToday } from '@shared/calendar/dates';
import type { Employment } from '@shared/appApi';
import {
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  PlainHead,
  Select,
  TextField,
  WaitingMark,
} from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { employmentWords, fullNameOf } from './personWords';

const ANY = 'any';
const EMPLOYMENT: { id: Employment; name: string }[] = [
  { id: 'current', name: 'Current colleagues' },
  { id: 'former', name: 'Former colleagues' },
  { id: 'all', name: 'Everyone' },
];

/** The organization's people, by name: search, department, and former colleagues for admins. */
export function Directory({ isAdmin }: { isAdmin: boolean }) {
  const [search, setSearch] = useState('');
  const [departmentId, setDepartment] = useState(ANY);
  const [employment, setEmployment] = useState<Employment>('current');
  const [page, setPage] = useState(1);
  const typed = useDeferredValue(search.trim());
  const departments = useAppQuery('departments.list', undefined).data ?? [];
  const names = useAppQuery('users.names', undefined).data;
  const { waiting } = useWaitingIds();
  const list = useAppQuery('users.list', {
    page,
    pageSize: 50,
    ...(typed ? { search: typed } : {}),
    ...(departmentId !== ANY ? { departmentId } : {}),
    employment,
  });
  const departmentName = new Map(departments.map((d) => [d.id, d.name]));
  const today = utcToday(new Date());
  const filtered = !!typed || departmentId !== ANY || employment !== 'current';
  return (
    <>
      <div className="filters" role="search">
        <TextField
          label="Search people"
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label="Department"
          items={[{ id: ANY, name: 'All departments' }, ...departments]}
          value={departmentId}
          onChange={(v) => {
            setDepartment(v);
            setPage(1);
          }}
        />
        {isAdmin && (
          <Select
            label="Employment"
            items={EMPLOYMENT}
            value={employment}
            onChange={(v) => {
              setEmployment(v as Employment);
              setPage(1);
            }}
          />
        )}
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading label="Loading people…" />}
      {list.data && list.data.data.length === 0 && (
        <Empty>
          {filtered
            ? 'No one matches these filters.'
            : 'No people on this computer yet: they arrive with the first sync.'}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <table className="table people-table">
          <caption className="visually-hidden">People</caption>
          <PlainHead columns={['Name', 'Email', 'Department', 'Manager', 'Status']} />
          <tbody>
            {list.data.data.map((p) => {
              const words = employmentWords(p, today);
              return (
                <tr key={p.id}>
                  <th scope="row" className="cell">
                    <a href={href('people', { person: p.id })}>{fullNameOf(p)}</a>
                  </th>
                  <td className="cell">{p.email}</td>
                  <td className="cell">{(p.departmentId && departmentName.get(p.departmentId)) ?? '—'}</td>
                  <td className="cell">{(p.managerId && names?.[p.managerId]) ?? '—'}</td>
                  <td className="cell">
                    {words ?? 'Active'}
                    {waiting.has(p.id) && (
                      <>
                        {' '}
                        <WaitingMark />
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="People pages" />}
    </>
  );
}

import { useDeferredValue, useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
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
import { SPACE } from '@renderer/i18n/punctuation';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { employmentWords, fullNameOf } from './personWords';

const ANY = 'any';
/** In a cell with nothing to say: a mark every language writes the same. */
const BLANK = '—';
const EMPLOYMENTS: readonly Employment[] = ['current', 'former', 'all'];

const MESSAGES = {
  employment: defineMessage<{ employment: Employment }>({
    id: 'people.directory.employmentChoice',
    defaultMessage: '{employment, select, current {Current colleagues} former {Former colleagues} other {Everyone}}',
  }),
  search: defineMessage({ id: 'people.directory.search', defaultMessage: 'Search people' }),
  department: defineMessage({ id: 'people.directory.department', defaultMessage: 'Department' }),
  allDepartments: defineMessage({ id: 'people.directory.allDepartments', defaultMessage: 'All departments' }),
  employmentLabel: defineMessage({ id: 'people.directory.employment', defaultMessage: 'Employment' }),
  loading: defineMessage({ id: 'people.directory.loading', defaultMessage: 'Loading people…' }),
  caption: defineMessage({ id: 'people.directory.caption', defaultMessage: 'People' }),
  name: defineMessage({ id: 'people.directory.column.name', defaultMessage: 'Name' }),
  email: defineMessage({ id: 'people.directory.column.email', defaultMessage: 'Email' }),
  manager: defineMessage({ id: 'people.directory.column.manager', defaultMessage: 'Manager' }),
  status: defineMessage({ id: 'people.directory.column.status', defaultMessage: 'Status' }),
  active: defineMessage({ id: 'people.directory.active', defaultMessage: 'Active' }),
  pages: defineMessage({ id: 'people.directory.pages', defaultMessage: 'People pages' }),
};

/** The organization's people, by name: search, department, and former colleagues for admins. */
export function Directory({ isAdmin }: { isAdmin: boolean }) {
  const intl = useIntl();
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
          label={intl.formatMessage(MESSAGES.search)}
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(MESSAGES.department)}
          items={[{ id: ANY, name: intl.formatMessage(MESSAGES.allDepartments) }, ...departments]}
          value={departmentId}
          onChange={(v) => {
            setDepartment(v);
            setPage(1);
          }}
        />
        {isAdmin && (
          <Select
            label={intl.formatMessage(MESSAGES.employmentLabel)}
            items={EMPLOYMENTS.map((id) => ({ id, name: intl.formatMessage(MESSAGES.employment, { employment: id }) }))}
            value={employment}
            onChange={(v) => {
              setEmployment(v as Employment);
              setPage(1);
            }}
          />
        )}
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading label={intl.formatMessage(MESSAGES.loading)} />}
      {list.data && list.data.data.length === 0 && (
        <Empty>
          {filtered ? (
            <FormattedMessage id="people.directory.noMatch" defaultMessage="No one matches these filters." />
          ) : (
            <FormattedMessage
              id="people.directory.empty"
              defaultMessage="No people on this computer yet: they arrive with the first sync."
            />
          )}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <table className="table people-table">
          <caption className="visually-hidden">{intl.formatMessage(MESSAGES.caption)}</caption>
          <PlainHead
            columns={[
              intl.formatMessage(MESSAGES.name),
              intl.formatMessage(MESSAGES.email),
              intl.formatMessage(MESSAGES.department),
              intl.formatMessage(MESSAGES.manager),
              intl.formatMessage(MESSAGES.status),
            ]}
          />
          <tbody>
            {list.data.data.map((p) => {
              const words = employmentWords(p, today, intl);
              return (
                <tr key={p.id}>
                  <th scope="row" className="cell">
                    <a href={href('people', { person: p.id })}>{fullNameOf(p)}</a>
                  </th>
                  <td className="cell">{p.email}</td>
                  <td className="cell">{(p.departmentId && departmentName.get(p.departmentId)) ?? BLANK}</td>
                  <td className="cell">{(p.managerId && names?.[p.managerId]) ?? BLANK}</td>
                  <td className="cell">
                    {words ?? intl.formatMessage(MESSAGES.active)}
                    {waiting.has(p.id) && (
                      <>
                        {SPACE}
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
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
    </>
  );
}

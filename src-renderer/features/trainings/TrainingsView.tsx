import { useState } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import type { ListedTraining, TrainingQuery } from '@shared/appApi';
import { expiryState } from '@shared/records/trainingExpiry';
import {
  Button,
  Cell,
  Column,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Table,
  TableBody,
  TableHeader,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  WaitingMark,
} from '@renderer/components/ui';
import { DEFAULT_CURRENCY, formatMoney } from '@shared/records/money';
import { useRoles } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { href, useRoute } from '@renderer/state/route';
import { CurrencySetting } from './CurrencySetting';
import { DeleteTrainingDialog } from './DeleteTrainingDialog';
import { FocusedTraining } from './FocusedTraining';
import { PersonRecord } from './PersonRecord';
import { ExpiringView } from './ExpiringView';
import { TrainingActions } from './TrainingActions';
import { TrainingDialog } from './TrainingDialog';
import { TrainingFilters, type Filters } from './TrainingFilters';
import { EXPIRY_TEXT, OUTCOME_TEXT, STATUS_TEXT } from './trainingWords';
import './trainings.css';

export function TrainingsView() {
  const person = useRoute().params.get('person');
  return person ? (
    <section aria-labelledby="trainings-title">
      <h1 id="trainings-title">Trainings</h1>
      <PersonRecord userId={person} />
    </section>
  ) : (
    <AllTrainings />
  );
}

function AllTrainings() {
  const { params } = useRoute();
  const opened = params.get('id');
  const roles = useRoles();
  const seesOthers = !!roles?.some((r) => r === 'MANAGER' || r === 'ADMIN');
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ListedTraining | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ListedTraining | null>(null);
  // Expiry is judged in days: the moment the view opened is precise enough.
  const [shownAt] = useState(() => Date.now());
  const move = useAppAction('trainings.setStatus');
  const { waiting, answer: waitingAnswer } = useWaitingIds();
  const refs = useAppQuery('trainings.references', undefined);
  const currency = useAppQuery('organization.get', undefined).data?.currency ?? DEFAULT_CURRENCY;
  const departments = useAppQuery('departments.list', undefined);
  const list = useAppQuery('trainings.list', {
    ...filters,
    sortBy: sort.column as TrainingQuery['sortBy'],
    sortOrder: sort.direction === 'descending' ? 'desc' : 'asc',
    page,
    pageSize: 25,
  });
  const filter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);

  const actions = (t: ListedTraining) => (
    <TrainingActions
      training={t}
      onEdit={setEditing}
      onMove={(training, to) => void move.run({ id: training.id, ...to })}
      onDelete={setDeleting}
    />
  );
  const everything = (
    <>
      {opened && <FocusedTraining id={opened} shownAt={shownAt} actions={actions} />}
      <TrainingFilters
        filters={filters}
        seesOthers={seesOthers}
        filtered={filtered}
        departments={departments.data}
        refs={refs.data}
        onFilter={filter}
        onClear={() => {
          setFilters({});
          setPage(1);
        }}
      />
      {move.error && <ErrorNote message={move.error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>{filtered ? 'No training matches these filters.' : 'No trainings yet.'}</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table
          aria-label="Trainings"
          className="trainings-table"
          sortDescriptor={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        >
          <TableHeader>
            <Column id="name" isRowHeader allowsSorting>
              Name
            </Column>
            {seesOthers ? (
              <Column id="person" allowsSorting>
                Person
              </Column>
            ) : null}
            <Column id="startDate" allowsSorting>
              Start
            </Column>
            <Column id="endDate" allowsSorting>
              End
            </Column>
            <Column id="expiryDate" allowsSorting>
              Expiry
            </Column>
            <Column id="hours" allowsSorting>
              Hours
            </Column>
            <Column id="cost" allowsSorting>
              Cost
            </Column>
            <Column id="status">Status</Column>
            <Column id="actions">
              <span className="visually-hidden">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={list.data.data} dependencies={[seesOthers, waitingAnswer, opened]}>
            {(t) => {
              const state = expiryState(t, shownAt);
              return (
                <Row id={t.id} className={t.id === opened ? 'row-current' : undefined}>
                  <Cell className="trainings-name">{t.name}</Cell>
                  {seesOthers ? (
                    <Cell>
                      {t.person ? (
                        <span className="trainings-person">
                          <a href={href('trainings', { person: t.userId })}>{t.person.name}</a>
                          {t.person.department && (
                            <span className="hint trainings-person-department">{t.person.department}</span>
                          )}
                        </span>
                      ) : (
                        '—'
                      )}
                    </Cell>
                  ) : null}
                  <Cell className="nowrap">{t.startDate.slice(0, 10)}</Cell>
                  <Cell className="nowrap">{t.endDate?.slice(0, 10) ?? '—'}</Cell>
                  <Cell>
                    <span className="trainings-expiry">
                      {t.expiryDate && <span className="nowrap">{t.expiryDate.slice(0, 10)}</span>}
                      <span className={`badge trainings-expiry-${state}`}>
                        {state === 'none' && t.expiryDate
                          ? `no certificate (${t.status === 'CANCELLED' ? 'cancelled' : 'failed'})`
                          : EXPIRY_TEXT[state]}
                      </span>
                    </span>
                  </Cell>
                  <Cell>{t.hours ?? '—'}</Cell>
                  <Cell className="nowrap">{t.cost === null ? '—' : formatMoney(t.cost, currency)}</Cell>
                  <Cell>
                    {STATUS_TEXT[t.status]}
                    {/* Broken, if at all, before the dot rather than after it. */}
                    {t.outcome !== 'PENDING' ? ` ·\u00a0${OUTCOME_TEXT[t.outcome].toLowerCase()}` : ''}
                    {waiting.has(t.id) && (
                      <>
                        {' '}
                        <WaitingMark />
                      </>
                    )}
                  </Cell>
                  <Cell>{actions(t)}</Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Training pages" />}
    </>
  );

  return (
    <section aria-labelledby="trainings-title">
      <div className="view-head">
        <h1 id="trainings-title">Trainings</h1>
        <div className="tools">
          <Button variant="primary" onPress={() => setEditing('new')}>
            New training
          </Button>
          {roles?.includes('ADMIN') && <CurrencySetting currency={currency} />}
        </div>
      </div>
      {seesOthers ? (
        <Tabs
          selectedKey={params.get('tab') === 'expiring' ? 'expiring' : 'all'}
          onSelectionChange={(key) => {
            location.hash = href('trainings', key === 'expiring' ? { tab: 'expiring' } : {});
          }}
        >
          <TabList aria-label="Training views">
            <Tab id="all">All trainings</Tab>
            <Tab id="expiring">Expiring</Tab>
          </TabList>
          <TabPanel id="all">{everything}</TabPanel>
          <TabPanel id="expiring">
            <ExpiringView />
          </TabPanel>
        </Tabs>
      ) : (
        everything
      )}
      {editing && <TrainingDialog training={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteTrainingDialog training={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

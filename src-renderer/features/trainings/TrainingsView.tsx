import { formatLocale } from '@renderer/i18n/dates';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
  NOTHING,
  WaitingMark,
} from '@renderer/components/ui';
import { SPACE } from '@renderer/i18n/punctuation';
import { DateText } from '@renderer/i18n/DateText';
import { numberText } from '@renderer/i18n/dates';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
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
import { ALL_TRAININGS, EXPIRY_TEXT, statusWords } from './trainingWords';
import './trainings.css';

const MESSAGES = defineMessages({
  pages: { id: 'trainings.pages', defaultMessage: 'Training pages' },
  tabs: { id: 'trainings.tabs', defaultMessage: 'Training views' },
  expiringTab: { id: 'trainings.tab.expiring', defaultMessage: 'Expiring' },
});

/** Between a status and its outcome in a narrow column: broken, if at all, before the dot rather than after it. */
const STATUS_SEPARATOR = ' ·\u00a0';
export function TrainingsView() {
  const intl = useIntl();
  const person = useRoute().params.get('person');
  return person ? (
    <section aria-labelledby="trainings-title">
      <h1 id="trainings-title">{intl.formatMessage(VIEW_MESSAGES.trainings)}</h1>
      <PersonRecord userId={person} />
    </section>
  ) : (
    <AllTrainings />
  );
}

function AllTrainings() {
  const intl = useIntl();
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
        <Empty>
          {filtered ? (
            <FormattedMessage id="trainings.empty.filtered" defaultMessage="No training matches these filters." />
          ) : (
            <FormattedMessage id="trainings.empty" defaultMessage="No trainings yet." />
          )}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table
          aria-label={intl.formatMessage(VIEW_MESSAGES.trainings)}
          className="trainings-table"
          sortDescriptor={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        >
          <TableHeader>
            <Column id="name" isRowHeader allowsSorting>
              <FormattedMessage id="trainings.column.name" defaultMessage="Name" />
            </Column>
            {seesOthers ? (
              <Column id="person" allowsSorting>
                <FormattedMessage id="trainings.column.person" defaultMessage="Person" />
              </Column>
            ) : null}
            <Column id="startDate" allowsSorting>
              <FormattedMessage id="trainings.column.start" defaultMessage="Start" />
            </Column>
            <Column id="endDate" allowsSorting>
              <FormattedMessage id="trainings.column.end" defaultMessage="End" />
            </Column>
            <Column id="expiryDate" allowsSorting>
              <FormattedMessage id="trainings.column.expiry" defaultMessage="Expiry" />
            </Column>
            <Column id="hours" allowsSorting>
              <FormattedMessage id="trainings.column.hours" defaultMessage="Hours" />
            </Column>
            <Column id="cost" allowsSorting>
              <FormattedMessage id="trainings.column.cost" defaultMessage="Cost" />
            </Column>
            <Column id="status">
              <FormattedMessage id="trainings.column.status" defaultMessage="Status" />
            </Column>
            <Column id="actions">
              <span className="visually-hidden">
                <FormattedMessage id="trainings.column.actions" defaultMessage="Actions" />
              </span>
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
                        NOTHING
                      )}
                    </Cell>
                  ) : null}
                  <Cell className="nowrap">
                    <DateText date={t.startDate} />
                  </Cell>
                  <Cell className="nowrap">{t.endDate ? <DateText date={t.endDate} /> : NOTHING}</Cell>
                  <Cell>
                    <span className="trainings-expiry">
                      {t.expiryDate && <DateText className="nowrap" date={t.expiryDate} />}
                      <span className={`badge trainings-expiry-${state}`}>
                        {state === 'none' && t.expiryDate
                          ? intl.formatMessage(
                              {
                                id: 'trainings.expiry.noCertificate',
                                defaultMessage:
                                  '{why, select, cancelled {no certificate (cancelled)} other {no certificate (failed)}}',
                              },
                              { why: t.status === 'CANCELLED' ? 'cancelled' : 'failed' },
                            )
                          : intl.formatMessage(EXPIRY_TEXT, { state })}
                      </span>
                    </span>
                  </Cell>
                  <Cell>{t.hours === null ? NOTHING : numberText(intl, t.hours)}</Cell>
                  <Cell className="nowrap">
                    {t.cost === null ? NOTHING : formatMoney(t.cost, currency, formatLocale(intl.locale))}
                  </Cell>
                  <Cell>
                    {statusWords(intl, t, STATUS_SEPARATOR)}
                    {waiting.has(t.id) && (
                      <>
                        {SPACE}
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
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
    </>
  );

  return (
    <section aria-labelledby="trainings-title">
      <div className="view-head">
        <h1 id="trainings-title">{intl.formatMessage(VIEW_MESSAGES.trainings)}</h1>
        <div className="tools">
          <Button variant="primary" onPress={() => setEditing('new')}>
            <FormattedMessage id="trainings.new" defaultMessage="New training" />
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
          <TabList aria-label={intl.formatMessage(MESSAGES.tabs)}>
            <Tab id="all">{intl.formatMessage(ALL_TRAININGS)}</Tab>
            <Tab id="expiring">{intl.formatMessage(MESSAGES.expiringTab)}</Tab>
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

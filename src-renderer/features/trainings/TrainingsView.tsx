import { useState } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { expiryState, type ExpiryState } from '../../../src-shared/records/trainingExpiry';
import type { Training, TrainingSortField, TrainingStatus } from '../../../src-shared/wire';
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
} from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';
import { TrainingDialog } from './TrainingDialog';
import './trainings.css';

const EXPIRY_TEXT: Record<ExpiryState, string> = {
  none: 'No expiry',
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
};
const STATUS_TEXT: Record<TrainingStatus, string> = {
  PLANNED: 'Planned',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
const choices = (texts: Record<string, string>) => [
  { id: 'any', name: 'Any' },
  ...Object.entries(texts).map(([id, name]) => ({ id, name })),
];

export function TrainingsView() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TrainingStatus | ''>('');
  const [expiry, setExpiry] = useState<ExpiryState | ''>('');
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Training | 'new' | null>(null);
  // Expiry is judged in days: the moment the view opened is precise enough.
  const [shownAt] = useState(() => Date.now());
  const complete = useAppAction('trainings.setStatus');
  const sortBy = sort.column as TrainingSortField;
  const list = useAppQuery('trainings.list', {
    search,
    status: status || undefined,
    expiry: expiry || undefined,
    sortBy,
    sortOrder: sort.direction === 'descending' ? 'desc' : 'asc',
    page,
    pageSize: 25,
  });
  const filtered = !!(search || status || expiry);

  return (
    <section aria-labelledby="trainings-title">
      <div className="view-head">
        <h1 id="trainings-title">Trainings</h1>
        <Button variant="primary" onPress={() => setEditing('new')}>
          New training
        </Button>
      </div>
      <div className="filters" role="search">
        <TextField
          label="Search trainings"
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          items={choices(STATUS_TEXT)}
          value={status || 'any'}
          onChange={(v) => {
            setStatus(v === 'any' ? '' : (v as TrainingStatus));
            setPage(1);
          }}
        />
        <Select
          label="Expiry"
          items={choices(EXPIRY_TEXT)}
          value={expiry || 'any'}
          onChange={(v) => {
            setExpiry(v === 'any' ? '' : (v as ExpiryState));
            setPage(1);
          }}
        />
      </div>
      {complete.error && <ErrorNote message={complete.error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>{filtered ? 'No training matches these filters.' : 'No trainings yet.'}</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table
          aria-label="Trainings"
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
          <TableBody items={list.data.data}>
            {(t) => {
              const state = expiryState(t, shownAt);
              return (
                <Row id={t.id}>
                  <Cell>{t.name}</Cell>
                  <Cell className="nowrap">{t.startDate.slice(0, 10)}</Cell>
                  <Cell className="nowrap">{t.endDate?.slice(0, 10) ?? '—'}</Cell>
                  <Cell>
                    <span className={`badge expiry-${state}`}>
                      {t.expiryDate ? `${t.expiryDate.slice(0, 10)} · ` : ''}
                      {EXPIRY_TEXT[state]}
                    </span>
                  </Cell>
                  <Cell>{t.hours ?? '—'}</Cell>
                  <Cell>{t.cost ?? '—'}</Cell>
                  <Cell>
                    {STATUS_TEXT[t.status]}
                    {t.outcome !== 'PENDING' ? ` · ${t.outcome.toLowerCase().replace('_', ' ')}` : ''}
                  </Cell>
                  <Cell>
                    <div className="row-actions">
                      <Button aria-label={`Edit ${t.name}`} onPress={() => setEditing(t)}>
                        Edit
                      </Button>
                      {t.status !== 'COMPLETED' && (
                        <Button
                          aria-label={`Mark ${t.name} completed and passed`}
                          onPress={() => void complete.run({ id: t.id, status: 'COMPLETED', outcome: 'PASSED' })}
                        >
                          Mark passed
                        </Button>
                      )}
                    </div>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Training pages" />}
      {editing && <TrainingDialog training={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

import { useState } from 'react';
import { expiryState, type ExpiryState } from '../../src-shared/records/trainingExpiry';
import type { Training, TrainingSortField, TrainingStatus } from '../../src-shared/wire';
import { messageOf } from '../bridge/bridge';
import { Pagination } from '../components/Pagination';
import { Empty, ErrorNote, Loading } from '../components/States';
import { useAppQuery, useBridge } from '../state/bridgeContext';
import { TrainingDialog } from './TrainingDialog';

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
const COLUMNS: [TrainingSortField, string][] = [
  ['name', 'Name'],
  ['startDate', 'Start'],
  ['endDate', 'End'],
  ['expiryDate', 'Expiry'],
  ['hours', 'Hours'],
  ['cost', 'Cost'],
];

export function TrainingsView() {
  const bridge = useBridge();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TrainingStatus | ''>('');
  const [expiry, setExpiry] = useState<ExpiryState | ''>('');
  const [sortBy, setSortBy] = useState<TrainingSortField>('name');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Training | 'new' | null>(null);
  // Expiry is judged in days: the moment the view opened is precise enough.
  const [shownAt] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const list = useAppQuery(
    'trainings.list',
    { search, status: status || undefined, expiry: expiry || undefined, sortBy, sortOrder, page, pageSize: 25 },
    ['trainings'],
  );

  const sort = (field: TrainingSortField) => {
    if (field === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(field);
      setSortOrder('asc');
    }
  };
  const complete = (t: Training) =>
    bridge
      .call('trainings.setStatus', { id: t.id, status: 'COMPLETED', outcome: 'PASSED' })
      .catch((e: unknown) => setError(messageOf(e)));

  return (
    <section aria-labelledby="trainings-title">
      <div className="view-head">
        <h1 id="trainings-title">Trainings</h1>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New training
        </button>
      </div>
      <div className="filters" role="search">
        <label>
          Search trainings
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label>
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as TrainingStatus | '');
              setPage(1);
            }}
          >
            <option value="">Any</option>
            {Object.entries(STATUS_TEXT).map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Expiry
          <select
            value={expiry}
            onChange={(e) => {
              setExpiry(e.target.value as ExpiryState | '');
              setPage(1);
            }}
          >
            <option value="">Any</option>
            {Object.entries(EXPIRY_TEXT).map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNote message={error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>{search || status || expiry ? 'No training matches these filters.' : 'No trainings yet.'}</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Trainings, sorted by {sortBy}</caption>
            <thead>
              <tr>
                {COLUMNS.map(([field, label]) => (
                  <th
                    key={field}
                    scope="col"
                    aria-sort={sortBy === field ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="sort" onClick={() => sort(field)}>
                      {label}
                      <span aria-hidden="true">{sortBy === field ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((t) => {
                const state = expiryState(t, shownAt);
                return (
                  <tr key={t.id}>
                    <th scope="row">{t.name}</th>
                    <td>{t.startDate.slice(0, 10)}</td>
                    <td>{t.endDate?.slice(0, 10) ?? '—'}</td>
                    <td>
                      <span className={`badge expiry-${state}`}>
                        {t.expiryDate ? `${t.expiryDate.slice(0, 10)} · ` : ''}
                        {EXPIRY_TEXT[state]}
                      </span>
                    </td>
                    <td>{t.hours ?? '—'}</td>
                    <td>{t.cost ?? '—'}</td>
                    <td>
                      {STATUS_TEXT[t.status]}
                      {t.outcome !== 'PENDING' ? ` · ${t.outcome.toLowerCase().replace('_', ' ')}` : ''}
                    </td>
                    <td className="row-actions">
                      <button type="button" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                        Edit
                      </button>
                      {t.status !== 'COMPLETED' && (
                        <button
                          type="button"
                          aria-label={`Mark ${t.name} completed and passed`}
                          onClick={() => void complete(t)}
                        >
                          Mark passed
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Training pages" />}
      {editing && <TrainingDialog training={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

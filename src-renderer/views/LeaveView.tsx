import { useState, type FormEvent } from 'react';
import type { Leave, LeaveType } from '../../src-shared/wire';
import { messageOf } from '../bridge/bridge';
import { Pagination } from '../components/Pagination';
import { Empty, ErrorNote, Loading } from '../components/States';
import { useAppStore } from '../state/appStore';
import { useAppQuery, useBridge } from '../state/bridgeContext';

const TYPES: LeaveType[] = ['ANNUAL', 'SICK', 'UNPAID', 'MATERNITY', 'PATERNITY', 'BEREAVEMENT', 'OTHER'];
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

function LeaveRow({ leave, who, children }: { leave: Leave; who?: string; children?: React.ReactNode }) {
  return (
    <li className="leave-row">
      <span>
        {who && <strong>{who}: </strong>}
        <strong>{title(leave.type)}</strong> {leave.startDate.slice(0, 10)} – {leave.endDate.slice(0, 10)} ·{' '}
        {leave.days} working day
        {leave.days === 1 ? '' : 's'}
        {leave.notes ? ` · ${leave.notes}` : ''}
      </span>
      <span className={`badge status-${leave.status.toLowerCase()}`}>{title(leave.status)}</span>
      {children}
    </li>
  );
}

export function LeaveView() {
  const bridge = useBridge();
  const role = useAppStore((s) => s.account?.roles ?? []);
  const [page, setPage] = useState(1);
  const mine = useAppQuery('leave.mine', { page, pageSize: 20 }, ['leave']);
  const approvals = useAppQuery('leave.pendingApprovals', { pageSize: 50 }, ['leave', 'users']);
  const people = useAppQuery('users.list', { pageSize: 500 }, ['users']);
  const nameOf = (id: string) => {
    const u = people.data?.data.find((p) => p.id === id);
    return u ? `${u.firstName} ${u.lastName}` : undefined;
  };
  const [form, setForm] = useState({ startDate: '', endDate: '', type: 'ANNUAL' as LeaveType, notes: '' });
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) => work.then(() => setError(null)).catch((e: unknown) => setError(messageOf(e)));

  const request = (event: FormEvent) => {
    event.preventDefault();
    void act(
      bridge.call('leave.create', { ...form, notes: form.notes || null }).then(() => setForm({ ...form, notes: '' })),
    );
  };
  const decides = role.includes('MANAGER') || role.includes('ADMIN');

  return (
    <section aria-labelledby="leave-title">
      <h1 id="leave-title">Leave</h1>
      <form className="inline-form" onSubmit={request} aria-label="Request leave">
        <label>
          First day
          <input
            type="date"
            value={form.startDate}
            onChange={(e) => setForm({ ...form, startDate: e.target.value })}
            required
          />
        </label>
        <label>
          Last day
          <input
            type="date"
            value={form.endDate}
            onChange={(e) => setForm({ ...form, endDate: e.target.value })}
            required
          />
        </label>
        <label>
          Type
          <select value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as LeaveType })}>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {title(t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Notes
          <input value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
        </label>
        <button type="submit" className="primary">
          Request leave
        </button>
      </form>
      {error && <ErrorNote message={error} />}
      {decides && (
        <section aria-labelledby="approvals-title">
          <h2 id="approvals-title">Waiting for your decision</h2>
          {approvals.data?.data.length === 0 && <Empty>Nothing to decide.</Empty>}
          <ul className="leave-list">
            {approvals.data?.data.map((l) => (
              <LeaveRow key={l.id} leave={l} who={nameOf(l.userId)}>
                <button
                  type="button"
                  onClick={() => void act(bridge.call('leave.setStatus', { id: l.id, status: 'APPROVED' }))}
                >
                  Approve
                </button>
                <button
                  type="button"
                  onClick={() => void act(bridge.call('leave.setStatus', { id: l.id, status: 'REJECTED' }))}
                >
                  Reject
                </button>
              </LeaveRow>
            ))}
          </ul>
        </section>
      )}
      <h2>My requests</h2>
      {mine.error && <ErrorNote message={mine.error} onRetry={mine.reload} />}
      {!mine.data && mine.loading && <Loading />}
      {mine.data?.data.length === 0 && <Empty>No leave requested yet.</Empty>}
      <ul className="leave-list">
        {mine.data?.data.map((l) => (
          <LeaveRow key={l.id} leave={l}>
            {l.status === 'PENDING' && (
              <button type="button" onClick={() => void act(bridge.call('leave.delete', { id: l.id }))}>
                Withdraw
              </button>
            )}
          </LeaveRow>
        ))}
      </ul>
      {mine.data && <Pagination meta={mine.data.meta} onPage={setPage} label="Leave pages" />}
    </section>
  );
}

import { useCallback, useMemo, useState } from 'react';
import type { Leave, LeaveDecision, LeaveType } from '@shared/wire';
import { Button, Empty, ErrorNote, Loading, Pagination, Select } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusAfterDialog } from '@renderer/state/focus';
import { shareStructure } from '@renderer/state/shareStructure';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { useRoute } from '@renderer/state/route';
import { FocusedLeave, LEAVE_TYPES, span } from '@renderer/features/leave';
import { PersonPicker } from '@renderer/features/people';
import { ContextDialog } from './ContextDialog';
import { DecisionDialog } from './DecisionDialog';
import { DecidedTable } from './DecidedTable';
import { PendingTable } from './PendingTable';
import { useDecide } from './useDecide';
import './approvals.css';

interface Deciding {
  decision: LeaveDecision;
  requests: Leave[];
}

const EVERYONE = [{ id: 'all', name: 'Everyone' }];

/** Pending requests to decide, one or many at once (offline too), and the decisions made. */
export function ApprovalsView() {
  const opened = useRoute().params.get('id');
  const [userId, setUserId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [type, setType] = useState<LeaveType | ''>('');
  const filters = {
    ...(userId ? { userId } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(type ? { type } : {}),
  };
  const pending = useAppQuery('leave.pendingApprovals', filters);
  const departments = useAppQuery('departments.list', undefined);
  const { waiting } = useWaitingIds();
  const [historyPage, setHistoryPage] = useState(1);
  const history = useAppQuery('leave.team', { page: historyPage, pageSize: 20, decided: true, ...filters });
  const filtered = Object.keys(filters).length > 0;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [weighing, setWeighing] = useState<Leave | null>(null);

  const names = useAppQuery('users.names', undefined).data;
  // The filters' choices kept as they are while requests are ticked: a list rebuilt is a list read again.
  const departmentItems = useMemo(
    () => [{ id: 'all', name: 'All departments' }, ...(departments.data ?? [])],
    [departments.data],
  );
  const nameOf = useCallback((id: string | null) => (id && names?.[id]) || 'Someone', [names]);
  // Ticking requests leaves the filters as they are: not rendered again.
  const filterBar = useMemo(
    () => (
      <div className="filters">
        <PersonPicker
          label="Person"
          leading={EVERYONE}
          hintMore={false}
          value={userId || 'all'}
          onChange={(v) => {
            setUserId(v === 'all' || v === '' ? '' : v);
            setHistoryPage(1);
          }}
        />
        <Select
          label="Department"
          items={departmentItems}
          value={departmentId || 'all'}
          onChange={(v) => {
            setDepartmentId(v === 'all' ? '' : v);
            setHistoryPage(1);
          }}
        />
        <Select
          label="Type"
          items={[{ id: 'all', name: 'All types' }, ...LEAVE_TYPES]}
          value={type || 'all'}
          onChange={(v) => {
            setType(v === 'all' ? '' : (v as LeaveType));
            setHistoryPage(1);
          }}
        />
      </div>
    ),
    [departmentItems, userId, departmentId, type],
  );
  const describe = useCallback((l: Leave) => `${nameOf(l.userId)}, ${span(l.startDate, l.endDate)}`, [nameOf]);
  const onContext = useCallback((l: Leave) => setWeighing(l), []);
  const onDecide = useCallback((decision: LeaveDecision, l: Leave) => setDeciding({ decision, requests: [l] }), []);
  // Decided here: gone from the list at once, before the list is read again.
  const [decidedNow, setDecidedNow] = useState<{ of: unknown; ids: ReadonlySet<string> }>({ of: null, ids: new Set() });
  const fresh = useMemo(() => {
    const listed = pending.data?.data ?? [];
    return decidedNow.of === pending.data ? listed.filter((l) => !decidedNow.ids.has(l.id)) : listed;
  }, [pending.data, decidedNow]);
  // The list read again after a decision is the list already shown: kept as it is, not rendered again.
  const [rows, setRows] = useState(fresh);
  if (rows !== fresh) {
    const same = shareStructure(rows, fresh);
    if (same !== rows) setRows(same);
  }
  // What is beside each request is read for the rows on screen only.
  const [inView, setInView] = useState<readonly string[]>([]);
  const away = useAppQuery('leave.alsoAway', { ids: [...inView] });
  const balances = useAppQuery('leave.balanceAround', { ids: [...inView] });
  const extras = useMemo(() => ({ alsoAway: away.data, balances: balances.data }), [away.data, balances.data]);
  const chosen = useMemo(() => rows.filter((l) => selected.has(l.id)), [rows, selected]);
  const decided = history.data?.data ?? [];

  const decideAll = useDecide(describe);
  const decide = async ({ decision, requests }: Deciding, comment: string): Promise<string | null> => {
    const failed = await decideAll(decision, requests, comment);
    const decided = failed ? requests.filter((l) => !failed.left.includes(l)) : requests;
    if (decided.length) {
      setDecidedNow({ of: pending.data, ids: new Set(decided.map((l) => l.id)) });
      setSelected((s) => new Set([...s].filter((id) => !decided.some((l) => l.id === id))));
    }
    if (failed) {
      // Those decided are gone; the dialog stays on the ones left, with why.
      if (decided.length) setDeciding({ decision, requests: failed.left });
      return failed.message;
    }
    // The decided rows and the button that opened the dialog are gone: on to the next request.
    focusAfterDialog(
      () =>
        document.querySelector<HTMLElement>('.approvals-pending .row input[type="checkbox"]') ??
        document.getElementById('pending-title'),
    );
    return null;
  };

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      {opened && (
        <FocusedLeave
          id={opened}
          who={(l) => nameOf(l.userId)}
          actions={(l) =>
            l.status === 'PENDING' && !decidedNow.ids.has(l.id) ? (
              <div className="row-actions">
                <Button onPress={() => onDecide('APPROVED', l)}>Approve</Button>
                <Button onPress={() => onDecide('REJECTED', l)}>Reject</Button>
              </div>
            ) : null
          }
        />
      )}
      {filterBar}
      <h2 id="pending-title" tabIndex={-1}>
        Waiting for your decision
      </h2>
      <div className="tools approvals-bulk" aria-label="With the selected requests" role="group">
        <span aria-live="polite">
          {chosen.length ? `${chosen.length} selected` : 'Select requests to decide several at once'}
        </span>
        <Button isDisabled={!chosen.length} onPress={() => setDeciding({ decision: 'APPROVED', requests: chosen })}>
          Approve selected
        </Button>
        <Button isDisabled={!chosen.length} onPress={() => setDeciding({ decision: 'REJECTED', requests: chosen })}>
          Reject selected
        </Button>
      </div>
      {pending.error && <ErrorNote message={pending.error} onRetry={pending.reload} />}
      {!pending.data && pending.loading && <Loading />}
      {pending.data?.data.length === 0 && (
        <Empty>{filtered ? 'No request waiting matches these filters.' : 'Nothing waits for your decision.'}</Empty>
      )}
      {rows.length > 0 && (
        <PendingTable
          rows={rows}
          selected={selected}
          onSelected={setSelected}
          describe={describe}
          nameOf={nameOf}
          extras={extras}
          onInView={setInView}
          onContext={onContext}
          onDecide={onDecide}
        />
      )}

      <h2 id="history-title">Decided</h2>
      {history.error && <ErrorNote message={history.error} onRetry={history.reload} />}
      {history.data && decided.length === 0 && (
        <Empty>{filtered ? 'No decision matches these filters.' : 'No decisions yet.'}</Empty>
      )}
      {decided.length > 0 && <DecidedTable decided={decided} nameOf={nameOf} waiting={waiting} />}
      {history.data && <Pagination meta={history.data.meta} onPage={setHistoryPage} label="Decision pages" />}
      {weighing && <ContextDialog leave={weighing} who={nameOf(weighing.userId)} onClose={() => setWeighing(null)} />}
      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          what={
            deciding.requests.length === 1 ? describe(deciding.requests[0]!) : `${deciding.requests.length} requests`
          }
          covers={deciding.requests.map(describe)}
          onDecide={(comment) => decide(deciding, comment)}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

import { useCallback, useMemo, useRef, useState } from 'react';
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
import { PendingTable, type PendingHandle } from './PendingTable';
import { useDecide } from './useDecide';
import './approvals.css';

/**
 * The box of the first row on screen: the rows kept rendered around the view are not where the
 * eye is, and focusing one would scroll the list away.
 */
function firstRowInView(): HTMLElement | null {
  const grid = document.querySelector('.approvals-pending');
  if (!grid) return null;
  const top = grid.getBoundingClientRect().top + 48;
  const rows = [...grid.querySelectorAll<HTMLElement>('.row')].filter((r) => r.getBoundingClientRect().bottom > top);
  rows.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  return rows[0]?.querySelector<HTMLElement>('input[type="checkbox"]') ?? null;
}

interface Deciding {
  decision: LeaveDecision;
  requests: Leave[];
  /** Back on those refused: the reason as it was typed, and why they were not decided. */
  reason?: string;
  refusal?: string;
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

  const table = useRef<PendingHandle>(null);
  const decideAll = useDecide(describe);
  // Gone from the list at once, dialog and all: the app decides by its own rulebook, so a refusal is
  // rare, and it brings those refused back with the dialog on them and the reason as typed.
  const decide = async ({ decision, requests }: Deciding, comment: string): Promise<string | null> => {
    const ids = requests.map((l) => l.id);
    table.current?.leaving(new Set(ids));
    setDecidedNow((now) => ({
      of: pending.data,
      ids: new Set([...(now.of === pending.data ? now.ids : []), ...ids]),
    }));
    setDeciding(null);
    void decideAll(decision, requests, comment).then((failed) => {
      if (!failed) {
        // The decided rows and the button that opened the dialog are gone: on to the rows in view.
        focusAfterDialog(() => firstRowInView() ?? document.getElementById('pending-title'));
        return;
      }
      const back = new Set(failed.left.map((l) => l.id));
      setDecidedNow((now) => ({ of: now.of, ids: new Set([...now.ids].filter((id) => !back.has(id))) }));
      setDeciding({ decision, requests: failed.left, reason: comment, refusal: failed.message });
    });
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
          handle={table}
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
          reason={deciding.reason}
          refusal={deciding.refusal}
          onDecide={(comment) => decide(deciding, comment)}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

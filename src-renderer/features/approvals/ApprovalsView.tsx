import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Leave, LeaveDecision, LeaveType } from '@shared/wire';
import { Button, Empty, ErrorNote, Loading, Pagination, Select, toast } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { focusAfterDialog } from '@renderer/state/focus';
import { shareStructure } from '@renderer/state/shareStructure';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { useRoute } from '@renderer/state/route';
import { FocusedLeave, LEAVE_LABELS, leaveTypeItems, span } from '@renderer/features/leave';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { PersonPicker } from '@renderer/features/people';
import { ContextDialog } from './ContextDialog';
import { DecisionDialog } from './DecisionDialog';
import { DecidedTable } from './DecidedTable';
import { PendingTable, type PendingHandle } from './PendingTable';
import { useDecide } from './useDecide';
import { APPROVALS_LABELS, REQUESTS } from './approvalsWords';
import './approvals.css';

interface Deciding {
  decision: LeaveDecision;
  requests: Leave[];
  /** Each opening its own dialog: one coming back is not the one the user has open now. */
  opening: number;
  /** Back on those refused: the reason as it was typed, and why they were not decided. */
  reason?: string;
  refusal?: string;
}

const MESSAGES = {
  everyone: defineMessage({ id: 'approvals.filter.everyone', defaultMessage: 'Everyone' }),
  allTypes: defineMessage({ id: 'approvals.filter.allTypes', defaultMessage: 'All types' }),
  someone: defineMessage({ id: 'approvals.someone', defaultMessage: 'Someone' }),
  request: defineMessage<{ person: string; dates: string }>({
    id: 'approvals.request.what',
    defaultMessage: '{person}, {dates}',
  }),
  bulk: defineMessage({ id: 'approvals.bulk', defaultMessage: 'With the selected requests' }),
  selected: defineMessage<{ count: number }>({
    id: 'approvals.bulk.selected',
    defaultMessage: '{count, number, ::group-off} selected',
  }),
  selectSome: defineMessage({
    id: 'approvals.bulk.hint',
    defaultMessage: 'Select requests to decide several at once',
  }),
  noneMatch: defineMessage({
    id: 'approvals.pending.noMatch',
    defaultMessage: 'No request waiting matches these filters.',
  }),
  none: defineMessage({ id: 'approvals.pending.none', defaultMessage: 'Nothing waits for your decision.' }),
  noDecisionMatch: defineMessage({
    id: 'approvals.decided.noMatch',
    defaultMessage: 'No decision matches these filters.',
  }),
  noDecisions: defineMessage({ id: 'approvals.decided.none', defaultMessage: 'No decisions yet.' }),
  pages: defineMessage({ id: 'approvals.decided.pages', defaultMessage: 'Decision pages' }),
};

/** Pending requests to decide, one or many at once (offline too), and the decisions made. */
export function ApprovalsView() {
  const intl = useIntl();
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
  const openings = useRef(0);
  const open = useCallback((d: Omit<Deciding, 'opening'>) => setDeciding({ ...d, opening: ++openings.current }), []);
  // Whether a dialog is open when a refusal comes back (read outside render).
  const dialogOpen = useRef(false);
  useEffect(() => {
    dialogOpen.current = deciding !== null;
  }, [deciding]);
  const [weighing, setWeighing] = useState<Leave | null>(null);

  const names = useAppQuery('users.names', undefined).data;
  // The filters' choices kept as they are while requests are ticked: a list rebuilt is a list read again.
  const departmentItems = useMemo(
    () => [{ id: 'all', name: intl.formatMessage(LEAVE_LABELS.allDepartments) }, ...(departments.data ?? [])],
    [departments.data, intl],
  );
  const everyone = useMemo(() => [{ id: 'all', name: intl.formatMessage(MESSAGES.everyone) }], [intl]);
  const typeItems = useMemo(
    () => [{ id: 'all', name: intl.formatMessage(MESSAGES.allTypes) }, ...leaveTypeItems(intl)],
    [intl],
  );
  const nameOf = useCallback(
    (id: string | null) => (id && names?.[id]) || intl.formatMessage(MESSAGES.someone),
    [names, intl],
  );
  // Ticking requests leaves the filters as they are: not rendered again.
  const filterBar = useMemo(
    () => (
      <div className="filters">
        <PersonPicker
          label={intl.formatMessage(LEAVE_LABELS.person)}
          leading={everyone}
          hintMore={false}
          value={userId || 'all'}
          onChange={(v) => {
            setUserId(v === 'all' || v === '' ? '' : v);
            setHistoryPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(LEAVE_LABELS.department)}
          items={departmentItems}
          value={departmentId || 'all'}
          onChange={(v) => {
            setDepartmentId(v === 'all' ? '' : v);
            setHistoryPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(LEAVE_LABELS.type)}
          items={typeItems}
          value={type || 'all'}
          onChange={(v) => {
            setType(v === 'all' ? '' : (v as LeaveType));
            setHistoryPage(1);
          }}
        />
      </div>
    ),
    [departmentItems, everyone, typeItems, intl, userId, departmentId, type],
  );
  const describe = useCallback(
    (l: Leave) => intl.formatMessage(MESSAGES.request, { person: nameOf(l.userId), dates: span(intl, l) }),
    [nameOf, intl],
  );
  const onContext = useCallback((l: Leave) => setWeighing(l), []);
  const onDecide = useCallback((decision: LeaveDecision, l: Leave) => open({ decision, requests: [l] }), [open]);
  // Decided here: gone from the list at once, and kept out of every answer until one no longer lists
  // them (an answer read before the decision may still come in after it).
  const [decidedNow, setDecidedNow] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState<unknown>(null);
  if (pending.data && checked !== pending.data) {
    setChecked(pending.data);
    const listed = new Set(pending.data.data.map((l) => l.id));
    const gone = [...decidedNow].filter((id) => !listed.has(id));
    if (gone.length) {
      setDecidedNow(new Set([...decidedNow].filter((id) => listed.has(id))));
      // Out of the selection too, now the list says so: a request back one day is not ticked.
      setSelected((s) => new Set([...s].filter((id) => !gone.includes(id))));
    }
  }
  const fresh = useMemo(() => {
    const listed = pending.data?.data ?? [];
    return decidedNow.size ? listed.filter((l) => !decidedNow.has(l.id)) : listed;
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
    setDecidedNow((now) => new Set([...now, ...ids]));
    setDeciding(null);
    void decideAll(decision, requests, comment).then((failed) => {
      if (!failed) {
        // The decided rows and the button that opened the dialog are gone: on to the rows in view.
        focusAfterDialog(() => table.current?.firstRowInView() ?? document.getElementById('pending-title'), {
          onlyIfLost: true,
        });
        return;
      }
      const back = new Set(failed.left.map((l) => l.id));
      setDecidedNow((now) => new Set([...now].filter((id) => !back.has(id))));
      // Another decision opened meanwhile keeps its dialog: the refusal is said beside it.
      if (dialogOpen.current) toast(failed.message);
      else open({ decision, requests: failed.left, reason: comment, refusal: failed.message });
    });
    return null;
  };

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">{intl.formatMessage(VIEW_MESSAGES.approvals)}</h1>
      {opened && (
        <FocusedLeave
          id={opened}
          who={(l) => nameOf(l.userId)}
          actions={(l) =>
            l.status === 'PENDING' && !decidedNow.has(l.id) ? (
              <div className="row-actions">
                <Button onPress={() => onDecide('APPROVED', l)}>{intl.formatMessage(APPROVALS_LABELS.approve)}</Button>
                <Button onPress={() => onDecide('REJECTED', l)}>{intl.formatMessage(APPROVALS_LABELS.reject)}</Button>
              </div>
            ) : null
          }
        />
      )}
      {filterBar}
      <h2 id="pending-title" tabIndex={-1}>
        <FormattedMessage id="approvals.pending.title" defaultMessage="Waiting for your decision" />
      </h2>
      <div className="tools approvals-bulk" aria-label={intl.formatMessage(MESSAGES.bulk)} role="group">
        <span aria-live="polite">
          {chosen.length
            ? intl.formatMessage(MESSAGES.selected, { count: chosen.length })
            : intl.formatMessage(MESSAGES.selectSome)}
        </span>
        <Button isDisabled={!chosen.length} onPress={() => open({ decision: 'APPROVED', requests: chosen })}>
          <FormattedMessage id="approvals.bulk.approve" defaultMessage="Approve selected" />
        </Button>
        <Button isDisabled={!chosen.length} onPress={() => open({ decision: 'REJECTED', requests: chosen })}>
          <FormattedMessage id="approvals.bulk.reject" defaultMessage="Reject selected" />
        </Button>
      </div>
      {pending.error && <ErrorNote message={pending.error} onRetry={pending.reload} />}
      {!pending.data && pending.loading && <Loading />}
      {pending.data?.data.length === 0 && (
        <Empty>{intl.formatMessage(filtered ? MESSAGES.noneMatch : MESSAGES.none)}</Empty>
      )}
      {rows.length > 0 && (
        <PendingTable
          rows={rows}
          selected={selected}
          ticked={chosen.length}
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

      <h2 id="history-title">
        <FormattedMessage id="approvals.decided.title" defaultMessage="Decided" />
      </h2>
      {history.error && <ErrorNote message={history.error} onRetry={history.reload} />}
      {history.data && decided.length === 0 && (
        <Empty>{intl.formatMessage(filtered ? MESSAGES.noDecisionMatch : MESSAGES.noDecisions)}</Empty>
      )}
      {decided.length > 0 && <DecidedTable decided={decided} nameOf={nameOf} waiting={waiting} />}
      {history.data && (
        <Pagination meta={history.data.meta} onPage={setHistoryPage} label={intl.formatMessage(MESSAGES.pages)} />
      )}
      {weighing && <ContextDialog leave={weighing} who={nameOf(weighing.userId)} onClose={() => setWeighing(null)} />}
      {deciding && (
        <DecisionDialog
          key={deciding.opening}
          decision={deciding.decision}
          what={
            deciding.requests.length === 1
              ? describe(deciding.requests[0]!)
              : intl.formatMessage(REQUESTS, { count: deciding.requests.length })
          }
          covers={deciding.requests.map(describe)}
          reason={deciding.reason}
          refusal={deciding.refusal}
          onDecide={(comment) => decide(deciding, comment)}
          onClose={() => {
            setDeciding(null);
            // Back after a refusal, it was opened by no button: the focus goes to the ticked requests' buttons.
            if (deciding.refusal)
              focusAfterDialog(
                () =>
                  document.querySelector<HTMLElement>('.approvals-bulk button:not([disabled])') ??
                  table.current?.firstRowInView(),
                { onlyIfLost: true },
              );
          }}
        />
      )}
    </section>
  );
}

import { useMemo, useState } from 'react';
import type { Selection } from 'react-aria-components';
import type { Leave, LeaveDecision, LeaveType } from '../../../src-shared/wire';
import {
  Button,
  Cell,
  Checkbox,
  Column,
  ComboBox,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Select,
  Table,
  TableBody,
  TableHeader,
} from '../../components/ui';
import { useAppQuery } from '../../state/useAppQuery';
import { useWaitingIds } from '../../state/useWaitingIds';
import { LeaveStatusMark } from '../leave/LeaveStatusMark';
import { LEAVE_TYPES, span, typeName } from '../leave/leaveWords';
import { ContextDialog } from './ContextDialog';
import { DecisionDialog } from './DecisionDialog';
import { useDecide } from './useDecide';
import './approvals.css';

/** "Nobody", or the first names and how many more. */
const alsoAwayWords = (names: string[] | undefined) =>
  !names
    ? ''
    : names.length === 0
      ? 'Nobody'
      : names.length <= 2
        ? names.join(', ')
        : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;

interface Deciding {
  decision: LeaveDecision;
  requests: Leave[];
}

/** Pending requests to decide, one or many at once (offline too), and the decisions made. */
export function ApprovalsView() {
  const [userId, setUserId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [type, setType] = useState<LeaveType | ''>('');
  const filters = {
    ...(userId ? { userId } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(type ? { type } : {}),
  };
  const pending = useAppQuery('leave.pendingApprovals', { pageSize: 100, ...filters });
  const people = useAppQuery('users.list', { pageSize: 500 });
  const departments = useAppQuery('departments.list', undefined);
  const { waiting, answer: waitingAnswer } = useWaitingIds();
  const [historyPage, setHistoryPage] = useState(1);
  const history = useAppQuery('leave.team', { page: historyPage, pageSize: 20, decided: true, ...filters });
  const filtered = Object.keys(filters).length > 0;
  const [selected, setSelected] = useState<Selection>(new Set());
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [weighing, setWeighing] = useState<Leave | null>(null);

  const names = useMemo(
    () => new Map((people.data?.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`])),
    [people.data],
  );
  const nameOf = (id: string | null) => (id && names.get(id)) || 'Someone';
  const describe = (l: Leave) => `${nameOf(l.userId)}, ${span(l.startDate, l.endDate)}`;
  const rows = pending.data?.data ?? [];
  const away = useAppQuery('leave.alsoAway', { ids: rows.map((l) => l.id) });
  const chosen = selected === 'all' ? rows : rows.filter((l) => selected.has(l.id));
  const decided = history.data?.data ?? [];

  const decideAll = useDecide(describe);
  const decide = async ({ decision, requests }: Deciding, comment: string): Promise<string | null> => {
    const failed = await decideAll(decision, requests, comment);
    if (!failed) setSelected(new Set());
    return failed;
  };

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <div className="filters">
        <ComboBox
          label="Person"
          items={[
            { id: 'all', name: 'Everyone' },
            ...(people.data?.data ?? []).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })),
          ]}
          value={userId || 'all'}
          onChange={(v) => {
            setUserId(v === 'all' ? '' : v);
            setHistoryPage(1);
          }}
        />
        <Select
          label="Department"
          items={[{ id: 'all', name: 'All departments' }, ...(departments.data ?? [])]}
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
      <h2 id="pending-title">Waiting for your decision</h2>
      <div className="tools bulk" aria-label="With the selected requests" role="group">
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
        <Table
          aria-labelledby="pending-title"
          selectionMode="multiple"
          selectionBehavior="toggle"
          selectedKeys={selected}
          onSelectionChange={setSelected}
        >
          <TableHeader>
            <Column id="select">
              <Checkbox slot="selection" aria-labelledby="select-all">
                <span className="visually-hidden" id="select-all">
                  Select all
                </span>
              </Checkbox>
            </Column>
            <Column isRowHeader>Person</Column>
            <Column>Dates</Column>
            <Column>Type</Column>
            <Column>Working days</Column>
            <Column>Notes</Column>
            <Column>Also away</Column>
            <Column>
              <span className="visually-hidden">Decision</span>
            </Column>
          </TableHeader>
          <TableBody items={rows} dependencies={[names, away.data]}>
            {(l) => (
              <Row id={l.id}>
                <Cell>
                  {/* Named by this alone (react-aria would add the row's header to the name). */}
                  <Checkbox slot="selection" aria-labelledby={`select-${l.id}`}>
                    <span className="visually-hidden" id={`select-${l.id}`}>
                      Select {describe(l)}
                    </span>
                  </Checkbox>
                </Cell>
                <Cell>{nameOf(l.userId)}</Cell>
                <Cell>{span(l.startDate, l.endDate)}</Cell>
                <Cell>{typeName(l.type)}</Cell>
                <Cell>{l.days}</Cell>
                <Cell>{l.notes ?? ''}</Cell>
                <Cell>{alsoAwayWords(away.data?.[l.id])}</Cell>
                <Cell>
                  <div className="row-actions">
                    <Button aria-label={`Who else is away: ${describe(l)}`} onPress={() => setWeighing(l)}>
                      Context
                    </Button>
                    <Button
                      aria-label={`Approve ${describe(l)}`}
                      onPress={() => setDeciding({ decision: 'APPROVED', requests: [l] })}
                    >
                      Approve
                    </Button>
                    <Button
                      aria-label={`Reject ${describe(l)}`}
                      onPress={() => setDeciding({ decision: 'REJECTED', requests: [l] })}
                    >
                      Reject
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      <h2 id="history-title">Decided</h2>
      {history.error && <ErrorNote message={history.error} onRetry={history.reload} />}
      {history.data && decided.length === 0 && (
        <Empty>{filtered ? 'No decision matches these filters.' : 'No decisions yet.'}</Empty>
      )}
      {decided.length > 0 && (
        <Table aria-labelledby="history-title">
          <TableHeader>
            <Column isRowHeader>Person</Column>
            <Column>Dates</Column>
            <Column>Type</Column>
            <Column>Decision</Column>
            <Column>Decided by</Column>
            <Column>When</Column>
            <Column>Reason</Column>
          </TableHeader>
          <TableBody items={decided} dependencies={[names, waitingAnswer]}>
            {(l) => (
              <Row id={l.id}>
                <Cell>{nameOf(l.userId)}</Cell>
                <Cell>{span(l.startDate, l.endDate)}</Cell>
                <Cell>{typeName(l.type)}</Cell>
                <Cell>
                  <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
                </Cell>
                <Cell>{nameOf(l.reviewedBy)}</Cell>
                <Cell>{l.reviewedAt?.slice(0, 10) ?? ''}</Cell>
                <Cell>{l.reviewComment ?? ''}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {history.data && <Pagination meta={history.data.meta} onPage={setHistoryPage} label="Decision pages" />}
      {weighing && <ContextDialog leave={weighing} who={nameOf(weighing.userId)} onClose={() => setWeighing(null)} />}
      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          what={
            deciding.requests.length === 1 ? describe(deciding.requests[0]!) : `${deciding.requests.length} requests`
          }
          onDecide={(comment) => decide(deciding, comment)}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

import { useState } from 'react';
import type { Leave } from '../../../src-shared/wire';
import {
  Button,
  Cell,
  Column,
  Dialog,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Table,
  TableBody,
  TableHeader,
  toast,
} from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';
import { LeaveRequestDialog } from './LeaveRequestDialog';
import { span, STATUS_NAMES, typeName } from './leaveWords';
import './leave.css';

function WithdrawDialog({ leave, onClose }: { leave: Leave; onClose: () => void }) {
  const withdraw = useAppAction('leave.delete');
  return (
    <Dialog title="Withdraw this request?" onClose={onClose} size="small">
      <p>
        {typeName(leave.type)} leave, {span(leave.startDate, leave.endDate)}. Your manager will no longer see it.
      </p>
      {withdraw.error && <ErrorNote message={withdraw.error} />}
      <div className="actions">
        <Button
          variant="danger"
          isPending={withdraw.pending}
          onPress={async () => {
            if ((await withdraw.run({ id: leave.id })) !== undefined) {
              toast('Request withdrawn — it will sync');
              onClose();
            }
          }}
        >
          Withdraw
        </Button>
        <Button onPress={onClose}>Keep it</Button>
      </div>
    </Dialog>
  );
}

export function LeaveView() {
  const [page, setPage] = useState(1);
  const [requesting, setRequesting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Leave | null>(null);
  const mine = useAppQuery('leave.mine', { page, pageSize: 20 });

  return (
    <section aria-labelledby="leave-title">
      <div className="view-head">
        <h1 id="leave-title">Leave</h1>
        <Button variant="primary" onPress={() => setRequesting(true)}>
          New leave request
        </Button>
      </div>
      <h2 id="mine-title">My requests</h2>
      {mine.error && <ErrorNote message={mine.error} onRetry={mine.reload} />}
      {!mine.data && mine.loading && <Loading />}
      {mine.data?.data.length === 0 && <Empty>No leave requested yet.</Empty>}
      {!!mine.data?.data.length && (
        <Table aria-labelledby="mine-title">
          <TableHeader>
            <Column isRowHeader>Dates</Column>
            <Column>Type</Column>
            <Column>Working days</Column>
            <Column>Status</Column>
            <Column>Notes</Column>
            <Column>
              <span className="visually-hidden">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={mine.data.data}>
            {(l) => (
              <Row id={l.id}>
                <Cell>{span(l.startDate, l.endDate)}</Cell>
                <Cell>{typeName(l.type)}</Cell>
                <Cell>{l.days}</Cell>
                <Cell>
                  <span className={`badge status-${l.status.toLowerCase()}`}>{STATUS_NAMES[l.status]}</span>
                </Cell>
                <Cell>{l.notes ?? ''}</Cell>
                <Cell>
                  {l.status === 'PENDING' && (
                    <Button
                      aria-label={`Withdraw ${typeName(l.type)} leave, ${span(l.startDate, l.endDate)}`}
                      onPress={() => setWithdrawing(l)}
                    >
                      Withdraw
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {mine.data && <Pagination meta={mine.data.meta} onPage={setPage} label="Leave pages" />}
      {requesting && <LeaveRequestDialog onClose={() => setRequesting(false)} />}
      {withdrawing && <WithdrawDialog leave={withdrawing} onClose={() => setWithdrawing(null)} />}
    </section>
  );
}

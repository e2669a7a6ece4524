import type { LeaveDecision } from '../../../src-shared/wire';
import { Button, Cell, Column, Empty, ErrorNote, Row, Table, TableBody, TableHeader, toast } from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';
import { span, typeName } from '../leave/leaveWords';

/** Requests the manager or admin may decide, each approved or rejected at once (offline too). */
export function ApprovalsSection() {
  const approvals = useAppQuery('leave.pendingApprovals', { pageSize: 50 });
  const people = useAppQuery('users.list', { pageSize: 500 });
  const decide = useAppAction('leave.setStatus');
  const nameOf = (id: string) => {
    const u = people.data?.data.find((p) => p.id === id);
    return u ? `${u.firstName} ${u.lastName}` : 'Someone';
  };
  const run = async (id: string, status: LeaveDecision, who: string) => {
    if (await decide.run({ id, status }))
      toast(`${status === 'APPROVED' ? 'Approved' : 'Rejected'}: ${who} — it will sync`);
  };
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title">Waiting for your decision</h2>
      {decide.error && <ErrorNote message={decide.error} />}
      {approvals.error && <ErrorNote message={approvals.error} onRetry={approvals.reload} />}
      {approvals.data?.data.length === 0 && <Empty>Nothing to decide.</Empty>}
      {!!approvals.data?.data.length && (
        <Table aria-labelledby="approvals-title">
          <TableHeader>
            <Column isRowHeader>Person</Column>
            <Column>Dates</Column>
            <Column>Type</Column>
            <Column>Working days</Column>
            <Column>Notes</Column>
            <Column>
              <span className="visually-hidden">Decision</span>
            </Column>
          </TableHeader>
          <TableBody items={approvals.data.data} dependencies={[people.data]}>
            {(l) => {
              const who = nameOf(l.userId);
              const what = `${who}, ${span(l.startDate, l.endDate)}`;
              return (
                <Row id={l.id}>
                  <Cell>{who}</Cell>
                  <Cell>{span(l.startDate, l.endDate)}</Cell>
                  <Cell>{typeName(l.type)}</Cell>
                  <Cell>{l.days}</Cell>
                  <Cell>{l.notes ?? ''}</Cell>
                  <Cell>
                    <div className="row-actions">
                      <Button aria-label={`Approve ${what}`} onPress={() => void run(l.id, 'APPROVED', who)}>
                        Approve
                      </Button>
                      <Button aria-label={`Reject ${what}`} onPress={() => void run(l.id, 'REJECTED', who)}>
                        Reject
                      </Button>
                    </div>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

import { memo } from 'react';
import type { Leave } from '@shared/wire';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { LEAVE_LABELS, LeaveStatusMark, span, typeName } from '@renderer/features/leave';
import { FormattedMessage, useIntl } from 'react-intl';
import { momentDateText } from '@renderer/i18n/dates';
import { APPROVALS_LABELS } from './approvalsWords';

/** A page of decisions made; kept apart so ticking requests above does not render it again. */
export const DecidedTable = memo(function DecidedTable({
  decided,
  nameOf,
  waiting,
}: {
  decided: readonly Leave[];
  nameOf: (id: string | null) => string;
  waiting: ReadonlySet<string>;
}) {
  const intl = useIntl();
  return (
    <Table aria-labelledby="history-title">
      <TableHeader>
        <Column isRowHeader>{intl.formatMessage(LEAVE_LABELS.person)}</Column>
        <Column>{intl.formatMessage(LEAVE_LABELS.dates)}</Column>
        <Column>{intl.formatMessage(LEAVE_LABELS.type)}</Column>
        <Column>{intl.formatMessage(APPROVALS_LABELS.decision)}</Column>
        <Column>
          <FormattedMessage id="approvals.decided.by" defaultMessage="Decided by" />
        </Column>
        <Column>
          <FormattedMessage id="approvals.decided.when" defaultMessage="When" />
        </Column>
        <Column>{intl.formatMessage(LEAVE_LABELS.reason)}</Column>
      </TableHeader>
      <TableBody items={decided} dependencies={[nameOf, waiting]}>
        {(l) => (
          <Row id={l.id}>
            <Cell>
              <a href={href('leave', { tab: 'balances', person: l.userId })}>{nameOf(l.userId)}</a>
            </Cell>
            <Cell className="nowrap">{span(intl, l)}</Cell>
            <Cell>{typeName(intl, l.type)}</Cell>
            <Cell>
              <LeaveStatusMark leave={l} waiting={waiting.has(l.id)} />
            </Cell>
            <Cell>{nameOf(l.reviewedBy)}</Cell>
            <Cell className="nowrap">
              {l.reviewedAt ? <time dateTime={l.reviewedAt}>{momentDateText(intl, l.reviewedAt)}</time> : ''}
            </Cell>
            <Cell className="long-text">{l.reviewComment ?? ''}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
});

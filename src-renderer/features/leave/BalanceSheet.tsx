import { useState } from 'react';
import type { BalanceSheet as Sheet } from '@shared/appApi';

import type { LeaveBalance } from '@shared/wire';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader, WaitingMark } from '@renderer/components/ui';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { formatLocale } from '@renderer/i18n/dates';
import { DateText } from '@renderer/i18n/DateText';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import {
  availableDays,
  daysNumber,
  daysText,
  kindInSentence,
  kindName,
  LEFT_OF,
  leftOfValues,
  span,
  typeName,
} from './leaveWords';

/** "31 March", "31. März", "31 mars" (and the year when it is not the sheet's). */
export function dayAndMonth(intl: IntlShape, date: string, year?: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const sameYear = year === undefined || d.getUTCFullYear() === year || d.getUTCFullYear() === year + 1;
  return d.toLocaleDateString(formatLocale(intl.locale), {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

const MESSAGES = {
  waiting: defineMessage<{ days: string }>({
    id: 'leave.balance.waiting',
    defaultMessage: '{days} waiting for approval',
  }),
  carriedUseBy: defineMessage<{ days: string; date: string }>({
    id: 'leave.balance.carriedOverUseBy',
    defaultMessage: '{days} carried over, use by {date}',
  }),
  carried: defineMessage<{ days: string }>({ id: 'leave.balance.carriedOver', defaultMessage: '{days} carried over' }),
  lapsed: defineMessage<{ days: string; count: number; date: string }>({
    id: 'leave.balance.lapsed',
    defaultMessage: '{days} carried-over {count, plural, one {day} other {days}} lapsed on {date}',
  }),
  adjusted: defineMessage<{ days: string }>({ id: 'leave.balance.adjusted', defaultMessage: '{days} adjusted' }),
  allowanceFrom: defineMessage<{ date: string; byWeek: 'yes' | 'no'; week: string }>({
    id: 'leave.ledger.allowanceFrom',
    defaultMessage: 'Allowance, pro rata from {date}{byWeek, select, yes {, pro rata to {week}} other {}}',
  }),
  allowance: defineMessage<{ byWeek: 'yes' | 'no'; week: string }>({
    id: 'leave.ledger.allowance',
    defaultMessage: 'Allowance for the leave year{byWeek, select, yes {, pro rata to {week}} other {}}',
  }),
  carriedUntil: defineMessage<{ year: string; date: string; lapsed: 'yes' | 'no'; days: string }>({
    id: 'leave.ledger.carriedOverUntil',
    defaultMessage: 'Carried over from {year}, to use by {date}{lapsed, select, yes { ({days} lapsed)} other {}}',
  }),
  carriedFrom: defineMessage<{ year: string }>({
    id: 'leave.ledger.carriedOver',
    defaultMessage: 'Carried over from {year}',
  }),
  adjustmentBy: defineMessage<{ reason: string; name: string }>({
    id: 'leave.ledger.adjustmentBy',
    defaultMessage: '{reason} ({name})',
  }),
  available: defineMessage<{ year: string }>({
    id: 'leave.ledger.available',
    defaultMessage: 'Available in the leave year {year}',
  }),
  request: defineMessage<{ status: 'PENDING' | 'APPROVED'; dates: string; earlierWeek: 'yes' | 'no' }>({
    id: 'leave.ledger.request',
    defaultMessage:
      '{status, select, PENDING {Waiting for approval} other {Approved}}: {dates}{earlierWeek, select, yes { (counted on the working week it was approved with)} other {}}',
  }),
  left: defineMessage({ id: 'leave.ledger.left', defaultMessage: 'Left' }),
  heading: defineMessage<{ leave: string; year: string }>({
    id: 'leave.ledger.heading',
    defaultMessage: '{leave} in {year}, line by line',
  }),
  cards: defineMessage<{ year: string }>({ id: 'leave.balance.cards', defaultMessage: 'Balances for {year}' }),
  show: defineMessage<{ leave: string }>({
    id: 'leave.balance.showLedger',
    defaultMessage: 'Show how {leave} adds up',
  }),
  hide: defineMessage<{ leave: string }>({
    id: 'leave.balance.hideLedger',
    defaultMessage: 'Hide how {leave} adds up',
  }),
  recorded: defineMessage<{ list: string }>({
    id: 'leave.balance.recorded',
    defaultMessage: 'Recorded, not counted: {list}',
  }),
  recordedType: defineMessage<{ type: string; days: string }>({
    id: 'leave.balance.recordedType',
    defaultMessage: '{type} {days}',
  }),
};

/** What one counted type's card says under its figure: what waits, what carried over, what was adjusted. */
function balanceSentence(intl: IntlShape, b: LeaveBalance, year: number): string {
  const parts: string[] = [];
  if (b.pending > 0) parts.push(intl.formatMessage(MESSAGES.waiting, { days: daysText(intl, b.pending) }));
  if (b.carriedOver > 0 && b.carryOverUntil && b.expiring > 0) {
    parts.push(
      intl.formatMessage(MESSAGES.carriedUseBy, {
        days: daysNumber(intl, b.carriedOver),
        date: dayAndMonth(intl, b.carryOverUntil, year),
      }),
    );
  } else if (b.carriedOver > 0)
    parts.push(intl.formatMessage(MESSAGES.carried, { days: daysNumber(intl, b.carriedOver) }));
  if (b.lapsed > 0 && b.carryOverUntil) {
    parts.push(
      intl.formatMessage(MESSAGES.lapsed, {
        days: daysNumber(intl, b.lapsed),
        count: b.lapsed,
        date: dayAndMonth(intl, b.carryOverUntil, year),
      }),
    );
  }
  if (b.adjustments !== 0) {
    parts.push(
      intl.formatMessage(MESSAGES.adjusted, {
        days: `${b.adjustments > 0 ? '+' : ''}${daysNumber(intl, b.adjustments)}`,
      }),
    );
  }
  return parts.join(SEPARATOR);
}

function BalanceDetail({ b, year }: { b: LeaveBalance; year: number }) {
  const intl = useIntl();
  const sentence = balanceSentence(intl, b, year);
  return sentence ? <p className="leave-balance-detail">{sentence}</p> : null;
}

/** Used, waiting and left as one bar: the sentence beside it says the same in words. */
function BalanceBar({ b }: { b: LeaveBalance }) {
  const total = Math.max(availableDays(b), b.taken + b.booked + b.pending, 1);
  const part = (days: number) => `${Math.max(0, (days / total) * 100)}%`;
  return (
    <div className="leave-balance-bar" aria-hidden="true">
      <span className="leave-balance-taken" style={{ width: part(b.taken) }} />
      <span className="leave-balance-booked" style={{ width: part(b.booked) }} />
      <span className="leave-balance-pending" style={{ width: part(b.pending) }} />
    </div>
  );
}

type LedgerLine = { key: string; what: string; when: string; days: number; waiting?: boolean };

/** What stands behind a type's figure, line by line: allowance, carry-over, adjustments, requests. */
function ledgerOf(intl: IntlShape, sheet: Sheet, b: LeaveBalance): LedgerLine[] {
  const lines: LedgerLine[] = [];
  const start = sheet.personStartDate;
  const byWeek = sheet.weekShare < 1 && sheet.ownWeek ? ('yes' as const) : ('no' as const);
  const week = sheet.ownWeek ?? '';
  lines.push({
    key: 'allowance',
    what:
      start && start > sheet.startDate
        ? intl.formatMessage(MESSAGES.allowanceFrom, { date: dayAndMonth(intl, start, sheet.year), byWeek, week })
        : intl.formatMessage(MESSAGES.allowance, { byWeek, week }),
    when: sheet.startDate,
    days: b.allowance,
  });
  if (b.carriedOver + b.lapsed > 0) {
    const year = String(sheet.year - 1);
    lines.push({
      key: 'carried',
      what: b.carryOverUntil
        ? intl.formatMessage(MESSAGES.carriedUntil, {
            year,
            date: dayAndMonth(intl, b.carryOverUntil, sheet.year),
            lapsed: b.lapsed > 0 ? 'yes' : 'no',
            days: daysNumber(intl, b.lapsed),
          })
        : intl.formatMessage(MESSAGES.carriedFrom, { year }),
      when: sheet.startDate,
      days: b.carriedOver,
    });
  }
  for (const a of sheet.adjustmentList.filter((x) => x.type === b.type)) {
    lines.push({
      key: a.id,
      what: a.createdByName
        ? intl.formatMessage(MESSAGES.adjustmentBy, { reason: a.reason, name: a.createdByName })
        : a.reason,
      when: a.createdAt.slice(0, 10),
      days: a.days,
      waiting: a.waiting,
    });
  }
  lines.push({
    key: 'available',
    what: intl.formatMessage(MESSAGES.available, { year: String(sheet.year) }),
    when: '',
    days: availableDays(b),
  });
  for (const r of sheet.requests.filter((x) => x.type === b.type)) {
    lines.push({
      key: r.id,
      what: intl.formatMessage(MESSAGES.request, {
        status: r.status === 'PENDING' ? 'PENDING' : 'APPROVED',
        dates: span(intl, r),
        earlierWeek: r.countedOnEarlierWeek ? 'yes' : 'no',
      }),
      when: r.startDate.slice(0, 10),
      days: -r.days,
    });
  }
  return lines;
}

const signed = (intl: IntlShape, days: number) => (days > 0 ? `+${daysNumber(intl, days)}` : daysNumber(intl, days));

function Ledger({ sheet, b, headingLevel }: { sheet: Sheet; b: LeaveBalance; headingLevel: 3 | 4 }) {
  const intl = useIntl();
  const id = `ledger-${b.type}`;
  const lines = ledgerOf(intl, sheet, b);
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <div className="leave-ledger" id={`${id}-region`}>
      <H id={id} className="visually-hidden">
        {intl.formatMessage(MESSAGES.heading, { leave: kindName(intl, b.type), year: String(sheet.year) })}
      </H>
      <Table aria-labelledby={id}>
        <TableHeader>
          <Column isRowHeader>
            <FormattedMessage id="leave.ledger.what" defaultMessage="What" />
          </Column>
          <Column>
            <FormattedMessage id="leave.ledger.date" defaultMessage="Date" />
          </Column>
          <Column>
            <FormattedMessage id="leave.ledger.days" defaultMessage="Days" />
          </Column>
        </TableHeader>
        <TableBody
          items={[...lines, { key: 'left', what: intl.formatMessage(MESSAGES.left), when: '', days: b.remaining ?? 0 }]}
        >
          {(line) => (
            <Row id={line.key}>
              <Cell className="long-text">
                {line.key === 'left' || line.key === 'available' ? <strong>{line.what}</strong> : line.what}
                {line.waiting && (
                  <>
                    {SPACE}
                    <WaitingMark />
                  </>
                )}
              </Cell>
              <Cell className="nowrap">{line.when && <DateText date={line.when} />}</Cell>
              <Cell className="nowrap leave-ledger-days">
                {line.key === 'left' || line.key === 'available' ? (
                  <strong>{daysNumber(intl, line.days)}</strong>
                ) : (
                  signed(intl, line.days)
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** One card per counted type, each with its ledger a press away; the types recorded but not counted in a line. */
export function BalanceCards({ sheet, headingLevel = 3 }: { sheet: Sheet; headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(null);
  const counted = sheet.balances.filter((b) => b.counted);
  const recorded = sheet.balances.filter((b) => !b.counted);
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <>
      <ul className="leave-balance-cards" aria-label={intl.formatMessage(MESSAGES.cards, { year: String(sheet.year) })}>
        {counted.map((b) => (
          <li key={b.type} className={`leave-balance-card${(b.remaining ?? 0) < 0 ? ' leave-balance-below' : ''}`}>
            <H className="leave-balance-type">{kindName(intl, b.type)}</H>
            <p className="leave-balance-left">
              {intl.formatMessage(LEFT_OF, { ...leftOfValues(intl, b), strong: (chunks) => <strong>{chunks}</strong> })}
            </p>
            <BalanceBar b={b} />
            <BalanceDetail b={b} year={sheet.year} />
            <Button
              className="leave-balance-show"
              aria-expanded={open === b.type}
              aria-controls={open === b.type ? `ledger-${b.type}-region` : undefined}
              onPress={() => setOpen(open === b.type ? null : b.type)}
            >
              {intl.formatMessage(open === b.type ? MESSAGES.hide : MESSAGES.show, {
                leave: kindInSentence(intl, b.type),
              })}
            </Button>
          </li>
        ))}
      </ul>
      {recorded.length > 0 && (
        <p className="hint">
          {intl.formatMessage(MESSAGES.recorded, {
            list: recorded
              .map((b) =>
                intl.formatMessage(MESSAGES.recordedType, {
                  type: typeName(intl, b.type),
                  days: daysText(intl, b.taken + b.booked + b.pending),
                }),
              )
              .join(SEPARATOR),
          })}
        </p>
      )}
      {counted
        .filter((b) => b.type === open)
        .map((b) => (
          <Ledger key={b.type} sheet={sheet} b={b} headingLevel={headingLevel === 2 ? 3 : 4} />
        ))}
    </>
  );
}

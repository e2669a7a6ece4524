import { useState } from 'react';
import type { BalanceSheet as Sheet } from '@shared/appApi';
import { daysWord, formatDays } from '@shared/rules';
import type { LeaveBalance } from '@shared/wire';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader, WaitingMark } from '@renderer/components/ui';
import { availableDays, leftOfWords, span, typeName } from './leaveWords';

/** "31 March" (and the year when it is not the sheet's). */
export function dayAndMonth(date: string, year?: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const sameYear = year === undefined || d.getUTCFullYear() === year || d.getUTCFullYear() === year + 1;
  return d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** What one counted type's card says under its figure: what waits, what carried over, what was adjusted. */
function balanceSentence(b: LeaveBalance, year: number): string {
  const parts: string[] = [];
  if (b.pending > 0) parts.push(`${daysWord(b.pending)} waiting for approval`);
  if (b.carriedOver > 0 && b.carryOverUntil && b.expiring > 0) {
    parts.push(`${formatDays(b.carriedOver)} carried over, use by ${dayAndMonth(b.carryOverUntil, year)}`);
  } else if (b.carriedOver > 0) parts.push(`${formatDays(b.carriedOver)} carried over`);
  if (b.lapsed > 0 && b.carryOverUntil) {
    parts.push(
      `${formatDays(b.lapsed)} carried-over ${b.lapsed === 1 ? 'day' : 'days'} lapsed on ${dayAndMonth(b.carryOverUntil, year)}`,
    );
  }
  if (b.adjustments !== 0) parts.push(`${b.adjustments > 0 ? '+' : ''}${formatDays(b.adjustments)} adjusted`);
  return parts.join(' · ');
}

function BalanceDetail({ b, year }: { b: LeaveBalance; year: number }) {
  const sentence = balanceSentence(b, year);
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
function ledgerOf(sheet: Sheet, b: LeaveBalance): LedgerLine[] {
  const lines: LedgerLine[] = [];
  const start = sheet.personStartDate;
  const byWeek = sheet.weekShare < 1 && sheet.ownWeek ? `, pro rata to ${sheet.ownWeek}` : '';
  lines.push({
    key: 'allowance',
    what:
      start && start > sheet.startDate
        ? `Allowance, pro rata from ${dayAndMonth(start, sheet.year)}${byWeek}`
        : `Allowance for the leave year${byWeek}`,
    when: sheet.startDate,
    days: b.allowance,
  });
  if (b.carriedOver + b.lapsed > 0) {
    lines.push({
      key: 'carried',
      what: b.carryOverUntil
        ? `Carried over from ${sheet.year - 1}, to use by ${dayAndMonth(b.carryOverUntil, sheet.year)}${b.lapsed > 0 ? ` (${formatDays(b.lapsed)} lapsed)` : ''}`
        : `Carried over from ${sheet.year - 1}`,
      when: sheet.startDate,
      days: b.carriedOver,
    });
  }
  for (const a of sheet.adjustmentList.filter((x) => x.type === b.type)) {
    lines.push({
      key: a.id,
      what: `${a.reason}${a.createdByName ? ` (${a.createdByName})` : ''}`,
      when: a.createdAt.slice(0, 10),
      days: a.days,
      waiting: a.waiting,
    });
  }
  lines.push({ key: 'available', what: `Available in the leave year ${sheet.year}`, when: '', days: availableDays(b) });
  for (const r of sheet.requests.filter((x) => x.type === b.type)) {
    lines.push({
      key: r.id,
      what: `${r.status === 'PENDING' ? 'Waiting for approval' : 'Approved'}: ${span(r)}${
        r.countedOnEarlierWeek ? ' (counted on the working week it was approved with)' : ''
      }`,
      when: r.startDate.slice(0, 10),
      days: -r.days,
    });
  }
  return lines;
}

const signed = (days: number) => (days > 0 ? `+${formatDays(days)}` : formatDays(days));

function Ledger({ sheet, b, headingLevel }: { sheet: Sheet; b: LeaveBalance; headingLevel: 3 | 4 }) {
  const id = `ledger-${b.type}`;
  const lines = ledgerOf(sheet, b);
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <div className="leave-ledger" id={`${id}-region`}>
      <H id={id} className="visually-hidden">
        {typeName(b.type)} leave in {sheet.year}, line by line
      </H>
      <Table aria-labelledby={id}>
        <TableHeader>
          <Column isRowHeader>What</Column>
          <Column>Date</Column>
          <Column>Days</Column>
        </TableHeader>
        <TableBody items={[...lines, { key: 'left', what: 'Left', when: '', days: b.remaining ?? 0 }]}>
          {(line) => (
            <Row id={line.key}>
              <Cell className="long-text">
                {line.key === 'left' || line.key === 'available' ? <strong>{line.what}</strong> : line.what}
                {line.waiting && (
                  <>
                    {' '}
                    <WaitingMark />
                  </>
                )}
              </Cell>
              <Cell className="nowrap">{line.when}</Cell>
              <Cell className="nowrap leave-ledger-days">
                {line.key === 'left' || line.key === 'available' ? (
                  <strong>{formatDays(line.days)}</strong>
                ) : (
                  signed(line.days)
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
  const [open, setOpen] = useState<string | null>(null);
  const counted = sheet.balances.filter((b) => b.counted);
  const recorded = sheet.balances.filter((b) => !b.counted);
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <>
      <ul className="leave-balance-cards" aria-label={`Balances for ${sheet.year}`}>
        {counted.map((b) => (
          <li key={b.type} className={`leave-balance-card${(b.remaining ?? 0) < 0 ? ' leave-balance-below' : ''}`}>
            <H className="leave-balance-type">{typeName(b.type)} leave</H>
            <p className="leave-balance-left">
              <strong>{leftOfWords(b).left}</strong> {leftOfWords(b).rest}
            </p>
            <BalanceBar b={b} />
            <BalanceDetail b={b} year={sheet.year} />
            <Button
              aria-expanded={open === b.type}
              aria-controls={open === b.type ? `ledger-${b.type}-region` : undefined}
              onPress={() => setOpen(open === b.type ? null : b.type)}
            >
              {open === b.type ? 'Hide' : 'Show'} how {typeName(b.type).toLowerCase()} leave adds up
            </Button>
          </li>
        ))}
      </ul>
      {recorded.length > 0 && (
        <p className="hint">
          Recorded, not counted:{' '}
          {recorded.map((b) => `${typeName(b.type)} ${daysWord(b.taken + b.booked + b.pending)}`).join(' · ')}
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

import { addDays, dateOnly, dateToDateTime, daysBetween } from '../calendar/dates';
import { MAX_RANGE_DAYS } from '../rules/leaveRules';
import { countLeaveDays, STANDARD_WEEK, weekKey, weekLength, weekOf, type WorkingWeek } from './workingDays';
import type { LeaveBalance, LeavePolicy, LeaveTypePolicy } from '../wire/balances';
import type { LeaveStatus, LeaveType } from '../wire/enums';
import type { EndPart, StartPart } from '../wire/leave';
import { carryOverUntil, floorIssue, leaveYearOf, leaveYearRange, typePolicy } from '../rules/balanceRules';
import type { FieldIssue } from '../rules/fieldIssue';

// What is left of each leave type in a leave year, computed the same way by the service (from its
// tables) and by the app (from its cache). Apart from the rulebook's index because a request that
// runs over the year's end or today is split by working days, which reads the holiday tables.

export interface BalanceLeave {
  id: string;
  type: LeaveType;
  status: LeaveStatus;
  startDate: string;
  endDate: string;
  /** FULL when absent; AFTERNOON: its first day from midday. */
  startPart?: StartPart | null;
  /** FULL when absent; MORNING: its last day until midday. */
  endPart?: EndPart | null;
  /** Its working days for its owner, as the request was counted. */
  days: number;
}

export interface BalancePerson {
  nationality: string;
  /** The first day of employment, when known: the allowance of that year is pro rata, none before it. */
  startDate: string | null;
  /** The last working day, when they leave: that year's allowance is pro rata to it, none after it. */
  endDate?: string | null;
  /** The week their leave is counted on (weekOf: their own, or the organization's); Monday to Friday when absent. */
  week?: WorkingWeek;
}

export interface BalanceAllocation {
  type: LeaveType;
  year: number;
  days: number;
}

/** Carry-over is reckoned from the start of employment, or without one from the previous year alone. */
const MAX_YEARS_BACK = 10;

const round = (n: number) => Math.round(n * 100) / 100;

/** Working days of a part of a request: the same few year and today boundaries come back on every call. */
const partDays = new Map<string, number>();
const PART_DAYS_KEPT = 20_000;

function workingDaysOf(
  start: string,
  end: string,
  person: BalancePerson,
  startPart: StartPart,
  endPart: EndPart,
): number {
  const week = person.week ?? STANDARD_WEEK;
  const key = `${person.nationality}|${weekKey(week)}|${start}|${end}|${startPart}|${endPart}`;
  let days = partDays.get(key);
  if (days === undefined) {
    days = countLeaveDays({ start, end, startPart, endPart }, person.nationality, week);
    if (partDays.size >= PART_DAYS_KEPT) partDays.clear();
    partDays.set(key, days);
  }
  return days;
}

/** The date of a date or date-time: its first ten characters when they are one (every stored date), read fast. */
const day = (value: string) =>
  value.length >= 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45 ? value.slice(0, 10) : dateOnly(value);

/**
 * A request's working days between two dates (inclusive): all it was counted with when it lies
 * within them, else the part within counted on the person's week. A request keeps the days it was
 * approved with when the week changes later: then the part is its share of them, in halves.
 */
function daysWithin(l: BalanceLeave, from: string, to: string, person: BalancePerson): number {
  const s = day(l.startDate);
  const e = day(l.endDate);
  if (e < from || s > to) return 0;
  if (s >= from && e <= to) return l.days;
  const startPart = l.startPart ?? 'FULL';
  const endPart = l.endPart ?? 'FULL';
  // A half at either end counts only where the request's own first or last day is in the window.
  const first = s > from ? s : from;
  const last = e < to ? e : to;
  const part = workingDaysOf(first, last, person, s >= from ? startPart : 'FULL', e <= to ? endPart : 'FULL');
  const whole = workingDaysOf(s, e, person, startPart, endPart);
  if (whole === l.days) return part;
  const share = whole > 0 ? part / whole : (daysBetween(first, last) + 1) / (daysBetween(s, e) + 1);
  return Math.round(share * l.days * 2) / 2;
}

/**
 * What share of a whole allowance a person's week is worth: their week's days over the organization's
 * (Monday to Wednesday in a five-day week, 0.6), when the policy makes allowances pro rata by week.
 */
export function weekShare(
  person: BalancePerson,
  policy: Pick<LeavePolicy, 'workingWeek' | 'allowanceProRataByWeek'>,
): number {
  if (!person.week || policy.allowanceProRataByWeek === false) return 1;
  const organizations = weekOf({}, policy);
  if (person.week === organizations) return 1;
  const full = weekLength(organizations);
  const own = weekLength(person.week);
  return full > 0 && own < full ? own / full : 1;
}

/**
 * The year's allowance: whole for a whole year employed on the organization's week, pro rata (to
 * half days) in the years one starts and leaves and to a shorter week when the policy says so.
 */
function allowanceOf(
  tp: LeaveTypePolicy,
  person: BalancePerson,
  range: { startDate: string; endDate: string },
  policy: Pick<LeavePolicy, 'workingWeek' | 'allowanceProRataByWeek'>,
) {
  if (!tp.counted) return 0;
  const start = person.startDate ? dateOnly(person.startDate) : range.startDate;
  const end = person.endDate ? dateOnly(person.endDate) : range.endDate;
  const from = start > range.startDate ? start : range.startDate;
  const to = end < range.endDate ? end : range.endDate;
  const byWeek = weekShare(person, policy);
  if (from === range.startDate && to === range.endDate && byWeek === 1) return tp.allowanceDays;
  if (from > to) return 0;
  const share = (daysBetween(from, to) + 1) / (daysBetween(range.startDate, range.endDate) + 1);
  return Math.round(tp.allowanceDays * share * byWeek * 2) / 2;
}

/** A request's working days within a leave year (all of them unless it runs over the year's end). */
export function daysInYear(
  l: BalanceLeave,
  year: number,
  policy: Pick<LeavePolicy, 'yearStartMonth'>,
  person: BalancePerson,
): number {
  const range = leaveYearRange(year, policy);
  return daysWithin(l, range.startDate, range.endDate, person);
}

const live = (l: BalanceLeave) => l.status === 'APPROVED' || l.status === 'PENDING';

/** A type's figures in one year, with `left`: what stays once unused carried days have lapsed. */
export type YearBalance = LeaveBalance & { left: number };

interface Inputs {
  person: BalancePerson;
  policy: LeavePolicy;
  today: string;
  /** The person's leave (any type, any status; only approved and pending count). */
  leave: readonly BalanceLeave[];
  allocations: readonly BalanceAllocation[];
}

/**
 * Days of a year's own allowance (and adjustments) left unused at its end, which carry over up to the
 * policy's limit; carried days are used first while valid and never carry twice.
 */
function carriedInto(year: number, type: LeaveType, tp: LeaveTypePolicy, inputs: Inputs): number {
  const { person, policy } = inputs;
  if (!tp.counted || policy.carryOverDays <= 0) return 0;
  const firstYear = person.startDate ? leaveYearOf(person.startDate, policy) : year - 1;
  const approved = inputs.leave.filter((l) => l.type === type && l.status === 'APPROVED');
  // Before the first year that holds leave or an adjustment, a year leaves its whole allowance.
  let dataFrom = year;
  for (const l of approved) dataFrom = Math.min(dataFrom, leaveYearOf(l.startDate, policy));
  for (const a of inputs.allocations) if (a.type === type) dataFrom = Math.min(dataFrom, a.year);
  let carry = 0;
  for (let y = Math.max(firstYear, year - MAX_YEARS_BACK); y < year; y++) {
    const range = leaveYearRange(y, policy);
    const allowance = allowanceOf(tp, person, range, policy);
    if (y < dataFrom) {
      carry = Math.min(policy.carryOverDays, Math.max(0, allowance));
      continue;
    }
    const until = carryOverUntil(y, policy);
    let used = 0;
    let usedBeforeUntil = 0;
    for (const l of approved) {
      used += daysWithin(l, range.startDate, range.endDate, person);
      usedBeforeUntil += daysWithin(l, range.startDate, until, person);
    }
    const adjustments = sumAdjustments(inputs.allocations, type, y);
    const leftover = allowance + adjustments + Math.min(carry, usedBeforeUntil) - used;
    carry = Math.min(policy.carryOverDays, Math.max(0, round(leftover)));
  }
  return carry;
}

function sumAdjustments(allocations: readonly BalanceAllocation[], type: LeaveType, year: number): number {
  let sum = 0;
  for (const a of allocations) if (a.type === type && a.year === year) sum += a.days;
  return sum;
}

/** One type's balance in a leave year, as of `today`. */
export function typeBalance(type: LeaveType, year: number, inputs: Inputs): YearBalance {
  const { person, policy, today } = inputs;
  const tp = typePolicy(policy, type);
  const range = leaveYearRange(year, policy);
  const until = carryOverUntil(year, policy);
  const carry = carriedInto(year, type, tp, inputs);
  const yesterdayOrToday = today < range.endDate ? today : range.endDate;
  let taken = 0;
  let booked = 0;
  let pending = 0;
  let usedBeforeUntil = 0;
  for (const l of inputs.leave) {
    if (l.type !== type || !live(l)) continue;
    const inYear = daysWithin(l, range.startDate, range.endDate, person);
    if (inYear === 0) continue;
    if (l.status === 'PENDING') pending += inYear;
    else {
      const past = today < range.startDate ? 0 : daysWithin(l, range.startDate, yesterdayOrToday, person);
      taken += past;
      booked += inYear - past;
    }
    if (carry > 0) usedBeforeUntil += daysWithin(l, range.startDate, until, person);
  }
  const allowance = allowanceOf(tp, person, range, policy);
  const adjustments = round(sumAdjustments(inputs.allocations, type, year));
  const carriedUsed = Math.min(carry, usedBeforeUntil);
  const expired = today > until;
  const carriedOver = expired ? carriedUsed : carry;
  const spent = taken + booked + pending;
  return {
    type,
    counted: tp.counted,
    allowance,
    carriedOver,
    carryOverUntil: carry > 0 ? until : null,
    adjustments,
    taken,
    booked,
    pending,
    remaining: tp.counted ? round(allowance + carriedOver + adjustments - spent) : null,
    expiring: expired ? 0 : carry - carriedUsed,
    lapsed: expired ? carry - carriedUsed : 0,
    left: round(allowance + adjustments + carriedUsed - spent),
  };
}

/**
 * Every type's balance in a leave year: the counted ones always, the others when the year holds any
 * of them (they are recorded, not counted) unless `countedOnly`.
 */
export function balancesOf(year: number, inputs: Inputs, countedOnly = false): LeaveBalance[] {
  const out: LeaveBalance[] = [];
  for (const tp of inputs.policy.types) {
    if (countedOnly && !tp.counted) continue;
    const b = typeBalance(tp.type, year, inputs);
    if (!tp.counted && b.taken + b.booked + b.pending + b.adjustments === 0) continue;
    const { left: _left, ...balance } = b;
    out.push(balance);
  }
  return out;
}

/**
 * The floor, for a request as it would stand (made, changed, or approved): in every leave year its
 * dates touch, what is left of its type once it counts must not go below the policy's floor, unless
 * it leaves more than before (a request shortened while the year is already below). `inputs.leave`
 * is what counts beside it, with the request as it was, if it counted.
 */
export function requestFloorIssue(request: BalanceLeave, inputs: Inputs): FieldIssue | null {
  const tp = typePolicy(inputs.policy, request.type);
  if (!tp.counted) return null;
  const after = [...inputs.leave.filter((l) => l.id !== request.id), request];
  const first = leaveYearOf(request.startDate, inputs.policy);
  const last = leaveYearOf(request.endDate, inputs.policy);
  for (let year = first; year <= last; year++) {
    const { left } = typeBalance(request.type, year, { ...inputs, leave: after });
    const issue = floorIssue(left, inputs.policy, request.type);
    if (issue && left < typeBalance(request.type, year, inputs).left) return issue;
  }
  return null;
}

/**
 * A bound that spares the whole computation in the usual case: true when a request within one leave
 * year cannot take its type below the floor there, counting every other request touching the year
 * in full (`others.days`; `others.crossing` of them run over its ends) and no carried day. Only when
 * it is false does the floor need reckoning.
 */
export function surelyWithinFloor(
  request: Pick<BalanceLeave, 'type' | 'startDate' | 'endDate' | 'days'>,
  person: BalancePerson,
  policy: LeavePolicy,
  others: { days: number; crossing: number },
  adjustments: number,
): boolean {
  const year = leaveYearOf(request.startDate, policy);
  // A request over the year's end is counted again by its days in the year: only the reckoning knows.
  if (leaveYearOf(request.endDate, policy) !== year || others.crossing > 0) return false;
  const tp = typePolicy(policy, request.type);
  const lowest =
    allowanceOf(tp, person, leaveYearRange(year, policy), policy) + adjustments - others.days - request.days;
  return lowest >= -policy.floorDays;
}

type YearRange = { startDate: string; endDate: string };
type YearTotals = { others: { days: number; crossing: number }; adjustments: number };

/**
 * Which of a person's other requests the quick bound counts, in the form both stores keep dates
 * (midnight UTC): those touching the leave year. None spans more than MAX_RANGE_DAYS, so each ends by
 * `lastEnd`: a store that walks a person's leave by end date stops there, not at their last request.
 */
export function yearTotalsWindow(range: YearRange): { from: string; until: string; lastEnd: string } {
  return {
    from: dateToDateTime(range.startDate),
    until: dateToDateTime(range.endDate),
    lastEnd: dateToDateTime(addDays(range.endDate, MAX_RANGE_DAYS)),
  };
}
type FloorInputs = { leave: readonly BalanceLeave[]; allocations: readonly BalanceAllocation[] };

/** What a request's owner holds beside it: their leave and adjustments (read only when needed). */
export interface FloorSources {
  /** The year's other requests in full and the year's adjustments of the type, for the quick bound. */
  totals(year: number, range: YearRange): YearTotals;
  /** The leave (approved and pending) and adjustments the full reckoning needs for these years. */
  inputs(years: YearRange): FloorInputs;
}

/** The same, read from a store that answers later (the service's). */
export type AsyncFloorSources = {
  [K in keyof FloorSources]: (...a: Parameters<FloorSources[K]>) => Promise<ReturnType<FloorSources[K]>>;
};

type FloorRead = { totals: [number, YearRange] } | { inputs: [YearRange] };

/**
 * The floor as both sides apply it: nothing for a type not counted; the quick bound where it surely
 * holds; else the full reckoning, beside what `besideFor` says the request counts with. Written
 * once, as the reads it asks for in turn: `floorIssueOf` answers them at once (the app's cache),
 * `floorIssueOfAsync` when they come (the service's store).
 */
function* floorCheck(
  request: BalanceLeave,
  person: BalancePerson,
  policy: LeavePolicy,
  today: string,
): Generator<FloorRead, FieldIssue | null, unknown> {
  if (!typePolicy(policy, request.type).counted) return null;
  const year = leaveYearOf(request.startDate, policy);
  const totals = (yield { totals: [year, leaveYearRange(year, policy)] }) as YearTotals;
  if (surelyWithinFloor(request, person, policy, totals.others, totals.adjustments)) return null;
  // The leave years the request touches: what can count in them, and nothing after.
  const years = {
    startDate: leaveYearRange(year, policy).startDate,
    endDate: leaveYearRange(leaveYearOf(request.endDate, policy), policy).endDate,
  };
  const { leave, allocations } = (yield { inputs: [years] }) as FloorInputs;
  return requestFloorIssue(request, { person, policy, today, leave: besideFor(request, leave), allocations });
}

export function floorIssueOf(
  request: BalanceLeave,
  person: BalancePerson,
  policy: LeavePolicy,
  today: string,
  sources: FloorSources,
): FieldIssue | null {
  const steps = floorCheck(request, person, policy, today);
  let step = steps.next();
  while (!step.done) {
    const read = step.value;
    step = steps.next('totals' in read ? sources.totals(...read.totals) : sources.inputs(...read.inputs));
  }
  return step.value;
}

export async function floorIssueOfAsync(
  request: BalanceLeave,
  person: BalancePerson,
  policy: LeavePolicy,
  today: string,
  sources: AsyncFloorSources,
): Promise<FieldIssue | null> {
  const steps = floorCheck(request, person, policy, today);
  let step = steps.next();
  while (!step.done) {
    const read = step.value;
    step = steps.next('totals' in read ? await sources.totals(...read.totals) : await sources.inputs(...read.inputs));
  }
  return step.value;
}

/**
 * What a request counts beside: made or changed, every approved and pending request of its owner;
 * being approved, the approved ones only (another still waiting is not yet taken).
 */
export function besideFor(request: BalanceLeave, leave: readonly BalanceLeave[]): readonly BalanceLeave[] {
  return request.status === 'APPROVED' ? leave.filter((l) => l.status === 'APPROVED') : leave;
}

import { defineMessages } from '@formatjs/intl';
import { dateOnly, utcToday } from '@shared/calendar/dates';
import { allocationCreateSchema, leaveYearOf, leaveYearRange, typePolicy, weekWords } from '@shared/rules';
import {
  balancesOf,
  requestFloorIssue,
  besideFor,
  daysInYear,
  floorIssueOf,
  typeBalance,
  weekShare,
  type BalanceLeave,
} from '@shared/holidays/leaveBalances';
import { leavePolicyUpdateSchema, personWeekSchema, type LeavePolicy, type PersonWeek } from '@shared/wire';
import { countLeaveDays, weekOf } from '@shared/holidays/workingDays';
import { spanOf } from '@shared/holidays/leaveDays';
import type { BalanceCalls, BalanceSheet, LeavePreview, ListedBalance } from '@shared/appApi';
import { speak } from '../api/language';
import { POLICY_ID, readRow } from '../cache/entities';
import {
  balancePeople,
  balancePerson,
  everyonesInputs,
  ledgerAdjustments,
  personAllocations,
  personLeave,
  readPolicy,
  yearTotalsOf,
  type BalancePersonRow,
} from './balanceStore';
import { AppFailure, checkInput, refuse } from '../app/appError';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import type { HandlerMap } from '../app/handlerMap';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  onlyAdminPolicy: { id: 'core.balance.onlyAdminPolicy', defaultMessage: 'Only an admin changes the leave policy' },
  policyNotRead: {
    id: 'core.balance.policyNotRead',
    defaultMessage: 'The leave policy is changed once it has been read from the service: sync first',
  },
  notInScope: { id: 'core.balance.notInScope', defaultMessage: 'This person is not in your scope' },
  mayNotAdjust: {
    id: 'core.balance.mayNotAdjust',
    defaultMessage: "Only an admin or, when the policy allows, the person's manager adjusts a balance",
  },
});

/** Whether the account sees this person's balance: its own, its reports' (a manager), anyone's (an admin). */
function inScope(account: OpenAccount, person: Pick<BalancePersonRow, 'id' | 'managerId'>): boolean {
  if (person.id === account.summary.userId || account.role === 'ADMIN') return true;
  return account.role === 'MANAGER' && person.managerId === account.summary.userId;
}

// Parsed once per distinct week: in a list of everyone most share one of a few.
const weeksRead = new Map<string, PersonWeek | null>();

function ownWeek(json: string | null): PersonWeek | null {
  if (!json || json === 'null') return null;
  let week = weeksRead.get(json);
  if (week === undefined) {
    const parsed = personWeekSchema.safeParse(JSON.parse(json));
    if (weeksRead.size > 1000) weeksRead.clear();
    weeksRead.set(json, (week = parsed.success ? parsed.data : null));
  }
  return week;
}

/** A person as balances need them: a directory entry always carries a nationality (the account's own, before the first sync). */
const personOf = (account: OpenAccount, person: BalancePersonRow, policy: LeavePolicy) => ({
  nationality: person.nationality || account.actor.nationality,
  startDate: person.startDate,
  endDate: person.endDate,
  week: weekOf({ workingWeek: ownWeek(person.workingWeek) }, policy),
});

/** The person's inputs, as the service's balance route reads them, from the cache. */
function inputsOf(account: OpenAccount, person: BalancePersonRow, policy: LeavePolicy, today: string) {
  return {
    person: personOf(account, person, policy),
    policy,
    today,
    leave: personLeave(account.db, person.id),
    allocations: personAllocations(account.db, person.id),
  };
}

/**
 * The floor for a request as it would stand, from the cache (the service's rule, so a request it
 * would refuse is refused here before it is queued). Refuses in the rulebook's words.
 */
export function checkFloor(account: OpenAccount, ownerId: string, request: BalanceLeave, now: Date): void {
  const person = balancePerson(account.db, ownerId);
  if (!person) return;
  const policy = readPolicy(account.db);
  const issue = floorIssueOf(request, personOf(account, person, policy), policy, utcToday(now), {
    totals: (year, range) => yearTotalsOf(account.db, ownerId, request.type, year, range, request.id),
    inputs: () => ({ leave: personLeave(account.db, ownerId), allocations: personAllocations(account.db, ownerId) }),
  });
  if (issue) refuse([issue], 'CONFLICT');
}

/** The remaining days of a type before and after a request, for whoever may read its owner's balance. */
export function remainingAround(
  account: OpenAccount,
  ownerId: string,
  request: Pick<BalanceLeave, 'id' | 'type' | 'startDate'>,
  now: Date,
  /** Each owner's inputs, read once for many requests. */
  kept = new Map<string, ReturnType<typeof inputsOf> | null>(),
): { before: number; after: number; refused: boolean } | null {
  let inputs = kept.get(ownerId);
  if (inputs === undefined) {
    const person = balancePerson(account.db, ownerId);
    inputs =
      person && inScope(account, person) ? inputsOf(account, person, readPolicy(account.db), utcToday(now)) : null;
    kept.set(ownerId, inputs);
  }
  if (!inputs || !typePolicy(inputs.policy, request.type).counted) return null;
  const year = leaveYearOf(request.startDate, inputs.policy);
  const figure = (leave: BalanceLeave[]) => typeBalance(request.type, year, { ...inputs, leave }).remaining ?? 0;
  // Whether approving it would be refused for its balance (the floor reckons lapsing carried days too).
  const own = inputs.leave.find((l) => l.id === request.id);
  const approving = own?.status === 'PENDING' ? { ...own, status: 'APPROVED' as const } : null;
  const refused =
    !!approving && !!requestFloorIssue(approving, { ...inputs, leave: besideFor(approving, inputs.leave) });
  return { before: figure(inputs.leave.filter((l) => l.id !== request.id)), after: figure(inputs.leave), refused };
}

/** What a request being typed leaves of its type, for its owner (the preview of the request dialog). */
export function previewBalance(account: OpenAccount, request: BalanceLeave, now: Date): LeavePreview['balance'] {
  const person = balancePerson(account.db, account.summary.userId);
  if (!person) return null;
  const policy = readPolicy(account.db);
  if (!typePolicy(policy, request.type).counted) return null;
  const inputs = inputsOf(account, person, policy, utcToday(now));
  const year = leaveYearOf(request.startDate, policy);
  const others = inputs.leave.filter((l) => l.id !== request.id);
  const before = typeBalance(request.type, year, { ...inputs, leave: others });
  const after = typeBalance(request.type, year, { ...inputs, leave: [...others, request] });
  const start = dateOnly(request.startDate);
  return {
    year,
    before: before.remaining ?? 0,
    after: after.remaining ?? 0,
    refusal: requestFloorIssue(request, { ...inputs, leave: besideFor(request, inputs.leave) })?.message ?? null,
    expiring:
      before.expiring > 0 && before.carryOverUntil && start > before.carryOverUntil
        ? { days: before.expiring, until: before.carryOverUntil }
        : null,
  };
}

export function balanceHandlers(ctx: BackendContext): HandlerMap<BalanceCalls> {
  const today = () => utcToday(ctx.now());

  return {
    'leave.balances': async ({ userId, year }) => {
      const account = requireAccount(ctx);
      const person = balancePerson(account.db, userId ?? account.summary.userId);
      if (!person || !inScope(account, person)) return null;
      const policy = readPolicy(account.db);
      const asked = year ?? leaveYearOf(today(), policy);
      const inputs = inputsOf(account, person, policy, today());
      const range = leaveYearRange(asked, policy);
      const counted = new Set(policy.types.filter((t) => t.counted).map((t) => t.type));
      const sheet: BalanceSheet = {
        userId: person.id,
        year: asked,
        ...range,
        balances: balancesOf(asked, inputs),
        name: person.name,
        personStartDate: person.startDate,
        adjustmentList: ledgerAdjustments(account.db, person.id, asked),
        requests: inputs.leave
          .filter(
            (l) =>
              counted.has(l.type) && dateOnly(l.startDate) <= range.endDate && dateOnly(l.endDate) >= range.startDate,
          )
          .sort((a, b) => a.startDate.localeCompare(b.startDate))
          .map((l) => ({
            ...l,
            status: l.status as 'APPROVED' | 'PENDING',
            days: daysInYear(l, asked, policy, inputs.person),
            countedOnEarlierWeek:
              l.status === 'APPROVED' &&
              countLeaveDays(spanOf(l), inputs.person.nationality, inputs.person.week) !== l.days,
          })),
        weekShare: weekShare(inputs.person, policy),
        ownWeek: ownWeek(person.workingWeek) ? weekWords(ownWeek(person.workingWeek)!) : null,
        policy,
      };
      return sheet;
    },

    'leave.balanceList': async ({ year, search, departmentId }) => {
      const account = requireAccount(ctx);
      const policy = readPolicy(account.db);
      const asked = year ?? leaveYearOf(today(), policy);
      const counted = policy.types.filter((t) => t.counted).map((t) => t.type);
      const { leave, allocations } = everyonesInputs(account.db, counted, leaveYearRange(asked, policy).endDate);
      const people: ListedBalance[] = [];
      for (const person of balancePeople(account.db, { search, departmentId }, today())) {
        if (!inScope(account, person)) continue;
        const balances = balancesOf(
          asked,
          {
            person: personOf(account, person, policy),
            policy,
            today: today(),
            leave: leave.get(person.id) ?? [],
            allocations: allocations.get(person.id) ?? [],
          },
          true,
        );
        people.push({
          userId: person.id,
          name: person.name,
          departmentId: person.departmentId,
          startDate: person.startDate,
          balances,
        });
      }
      return { year: asked, ...leaveYearRange(asked, policy), people };
    },

    'leave.policy': async () => {
      const { db } = requireAccount(ctx);
      const row = readRow(db, 'leave_policy', POLICY_ID);
      return { ...readPolicy(db), waiting: !!row && row.base !== row.json };
    },

    'leave.setPolicy': async (input) => {
      const fields = checkInput(leavePolicyUpdateSchema, input);
      const account = requireAccount(ctx);
      if (account.role !== 'ADMIN') throw new AppFailure('FORBIDDEN', speak(REFUSALS.onlyAdminPolicy));
      const saved = queueChange(ctx, ['balances'], {
        kind: 'leave.setPolicy',
        id: POLICY_ID,
        payload: fields,
        guard: (acc) => {
          // A change is made to the policy as the service last sent it, and checked against its version.
          if (!readRow(acc.db, 'leave_policy', POLICY_ID)) {
            throw new AppFailure('OFFLINE', speak(REFUSALS.policyNotRead));
          }
        },
      });
      const { id: _id, ...policy } = saved!;
      return policy;
    },

    'leave.adjust': async (input) => {
      const fields = checkInput(allocationCreateSchema, input);
      return queueChange(ctx, ['balances'], {
        kind: 'leave.allocate',
        id: 'new',
        payload: fields,
        guard: (account) => {
          const person = balancePerson(account.db, fields.userId);
          if (!person || !inScope(account, person)) throw new AppFailure('NOT_FOUND', speak(REFUSALS.notInScope));
          const policy = readPolicy(account.db);
          const mayAdjust =
            account.role === 'ADMIN' ||
            (account.role === 'MANAGER' && person.managerId === account.summary.userId && policy.managersMayAdjust);
          if (!mayAdjust) throw new AppFailure('FORBIDDEN', speak(REFUSALS.mayNotAdjust));
        },
      })!;
    },
  };
}

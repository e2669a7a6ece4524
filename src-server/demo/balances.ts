import { addDays } from '@shared/calendar/dates';
import { completePolicy, DEFAULT_LEAVE_POLICY, leaveYearOf, leaveYearRange } from '@shared/rules/balanceRules';
import { typeBalance } from '@shared/holidays/leaveBalances';
import type { Allocation, BlockedPeriodFields, LeavePolicy, PersonWeek } from '@shared/wire';
import { weekOf } from '@shared/holidays/workingDays';
import type { TenantDb } from '../db/tenantDb';
import { balanceInputs, insertAllocation, writePolicy } from '../leave/balanceStore';
import { setStartDate, setWorkingWeek } from '../users/userStore';
import { SeededRandom } from './random';
import type { SeededUser, WorkloadContext } from './seedContext';

// Leave policies, first days of employment and allowance adjustments of the demo organizations,
// drawn from their own random sequence so the rest of the demo stays as it was.

/** Acme keeps the defaults; Globex's year starts in April with 20 days and a little room below zero. */
const POLICIES: Record<string, (base: LeavePolicy) => LeavePolicy> = {
  acme: (base) => base,
  globex: (base) =>
    completePolicy({
      ...base,
      yearStartMonth: 4,
      carryOverDays: 5,
      carryOverUntilMonth: 3,
      floorDays: 2,
      managersMayAdjust: true,
      types: base.types.map((t) => (t.type === 'ANNUAL' ? { ...t, allowanceDays: 20 } : t)),
    }),
};

/** The named accounts' first days: years before anything the demo holds. */
const NAMED_STARTS: Record<string, string> = {
  'admin@acme.test': '2016-02-01',
  'manager@acme.test': '2018-05-14',
  'alice@acme.test': '2021-03-01',
  'bob@acme.test': '2019-09-16',
  'carol@acme.test': '2020-01-06',
  'admin@globex.test': '2017-04-03',
  'dave@globex.test': '2022-06-01',
};

const LONG_SERVICE_YEARS = 5;

const policyOf = (slug: string) => (POLICIES[slug] ?? POLICIES.acme!)({ ...DEFAULT_LEAVE_POLICY, version: 1 });

/**
 * A few of the generated people joined during this leave year (decided before their leave is made,
 * so none is kept from before their first day), at least 30 days after it began and two weeks ago
 * at the latest.
 */
export function chooseJoiners(users: SeededUser[], slug: string, today: string): void {
  const random = new SeededRandom(slug === 'acme' ? 53 : 59);
  const policy = policyOf(slug);
  const earliest = addDays(leaveYearRange(leaveYearOf(today, policy), policy).startDate, 30);
  const latest = addDays(today, -14);
  if (latest <= earliest) return;
  const generated = users.filter((u) => !NAMED_STARTS[u.email] && u.role === 'USER');
  const count = Math.max(1, Math.round(generated.length * 0.06));
  for (let i = 0; i < count && generated.length; i++) {
    const [joiner] = generated.splice(random.int(0, generated.length - 1), 1);
    joiner!.joinedOn = addDays(earliest, random.int(0, daysFrom(earliest, latest)));
  }
}

/** Globex closes its books at the end of the calendar year: no annual leave from 22 to 31 December. */
function blockedPeriodsOf(slug: string, today: string): BlockedPeriodFields[] {
  if (slug !== 'globex') return [];
  const year = today.slice(0, 4);
  return [{ startDate: `${year}-12-22`, endDate: `${year}-12-31`, reason: 'The year-end close' }];
}

const MONDAY_TO_WEDNESDAY: PersonWeek = [1, 2, 3].map((weekday) => ({ weekday, part: 'FULL' as const }));
const MORNINGS: PersonWeek = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, part: 'MORNING' as const }));

/**
 * Part-timers, from a stream of their own: at least two of the generated people (one Monday to
 * Wednesday, one mornings only), about one in twenty in a large organization. Chosen before their
 * leave is made, which is counted on their week.
 */
export async function choosePartTimers(tenant: TenantDb, users: SeededUser[], slug: string): Promise<void> {
  const random = new SeededRandom(slug === 'acme' ? 61 : 67);
  const generated = users.filter((u) => !NAMED_STARTS[u.email] && u.role === 'USER');
  const count = Math.min(generated.length, Math.max(2, Math.round(generated.length * 0.05)));
  for (let i = 0; i < count; i++) {
    const [partTimer] = generated.splice(random.int(0, generated.length - 1), 1);
    partTimer!.workingWeek = i % 2 === 0 ? MONDAY_TO_WEDNESDAY : MORNINGS;
    await setWorkingWeek(tenant, partTimer!.id, partTimer!.workingWeek);
  }
}

/** `adjustments`: the long-service, bought and covering adjustments (with the rest of the workload). */
export async function seedBalances(ctx: WorkloadContext, slug: string, adjustments: boolean): Promise<void> {
  const { tenant, today } = ctx;
  const random = new SeededRandom(slug === 'acme' ? 31 : 47);
  const policy = { ...policyOf(slug), blockedPeriods: blockedPeriodsOf(slug, today) };
  await writePolicy(tenant, { ...policy, updatedAt: ctx.now });
  const starts = new Map<string, string>();

  const year = leaveYearOf(today, policy);
  for (const u of ctx.users) {
    const start = NAMED_STARTS[u.email] ?? u.joinedOn ?? addDays(today, -random.int(400, 9 * 365));
    await setStartDate(tenant, u.id, start);
    starts.set(u.id, start);
  }
  const generated = ctx.users.filter((u) => !NAMED_STARTS[u.email]);

  if (!adjustments) return;
  let made = 0;
  const adjust = async (u: SeededUser, y: number, days: number, reason: string) => {
    made += 1;
    const createdAt = `${addDays([today, leaveYearRange(y, policy).startDate].sort()[0]!, -random.int(0, 20))}T09:${String(10 + (made % 50)).padStart(2, '0')}:00.000Z`;
    const allocation: Allocation = {
      id: random.idAt(createdAt),
      userId: u.id,
      type: 'ANNUAL',
      year: y,
      days,
      reason,
      createdBy: ctx.adminId,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    };
    await insertAllocation(tenant, allocation);
  };
  const left = async (u: SeededUser, y: number) => {
    const inputs = await balanceInputs(tenant, u.id);
    return typeBalance('ANNUAL', y, {
      person: { nationality: u.nationality, startDate: inputs.startDate, week: weekOf(inputs, policy) },
      policy,
      today,
      leave: inputs.leave,
      allocations: inputs.allocations,
    }).left;
  };

  for (const u of ctx.users) {
    const start = starts.get(u.id)!;
    if (daysFrom(start, today) > LONG_SERVICE_YEARS * 365 && random.chance(0.3)) {
      await adjust(u, year, 2, `Long service: ${LONG_SERVICE_YEARS} years with us`);
    } else if (random.chance(0.06)) {
      await adjust(u, year, 3, 'Bought three extra days in the benefits window');
    }
    // Nobody starts below the floor: leave booked before the policy existed is covered, year by year.
    for (const y of [year - 1, year, year + 1]) {
      const short = -policy.floorDays - (await left(u, y));
      if (short > 0) await adjust(u, y, Math.ceil(short * 2) / 2, 'Extra days agreed with HR for leave already booked');
    }
  }
  // One person with about a day left this year.
  for (const u of generated) {
    if (u.role !== 'USER' || u.joinedOn) continue;
    const days = await left(u, year);
    if (days < 3 || days > 8) continue;
    await adjust(u, year, -(Math.floor(days) - 1), 'Days advanced last year, repaid');
    break;
  }
}

function daysFrom(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}

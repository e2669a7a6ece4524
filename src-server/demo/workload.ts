import { leaveDecidedWords, leaveSubmittedWords, storedWords } from '@shared/records/notificationWords';
import { addDays, dateToDateTime, isWeekend } from '@shared/calendar/dates';
import { countLeaveDays, countWorkingDays, STANDARD_WEEK, type LeaveSpan } from '@shared/holidays/workingDays';
import type { LeaveStatus, LeaveType, TrainingOutcome, TrainingStatus } from '@shared/wire';
import { insertLeave } from '../leave/leaveStore';
import { insertNotification } from '../notifications/notificationStore';
import { insertReference, writeTraining } from '../trainings/trainingStore';
import { SeededRandom } from './random';
import type { WorkloadContext } from './seedContext';
import type { TenantDb } from '../db/tenantDb';

// What the demo people have done: trainings, leave and the notifications those raised.

const CATEGORIES = ['Compliance', 'Health & Safety', 'Leadership', 'Technical', 'Communication', 'Onboarding'];
const PROVIDERS = ['Internal Academy', 'Red Cross', 'Coursera', 'LinkedIn Learning', 'City College', 'SafetyFirst Ltd'];
const TYPES = ['Classroom', 'Online', 'Workshop', 'Conference', 'Certification', 'On-the-job'];

/** Catalog: name, category, type, and how many months a pass stays valid (0 = never expires). */
const COURSES: [string, string, string, number][] = [
  ['Fire safety', 'Health & Safety', 'Classroom', 12],
  ['First aid at work', 'Health & Safety', 'Certification', 36],
  ['GDPR essentials', 'Compliance', 'Online', 24],
  ['Anti-bribery', 'Compliance', 'Online', 12],
  ['Information security awareness', 'Compliance', 'Online', 12],
  ['Leadership fundamentals', 'Leadership', 'Workshop', 0],
  ['Giving feedback', 'Communication', 'Workshop', 0],
  ['Presenting with confidence', 'Communication', 'Classroom', 0],
  ['TypeScript in depth', 'Technical', 'Online', 0],
  ['Cloud architecture', 'Technical', 'Conference', 0],
  ['Forklift licence', 'Health & Safety', 'Certification', 24],
  ['Welcome to the company', 'Onboarding', 'On-the-job', 0],
  ['Manual handling', 'Health & Safety', 'Classroom', 36],
  ['Negotiation skills', 'Communication', 'Workshop', 0],
];

/** Everyday leave; parental leave is drawn once per person, apart (PARENTAL_CHANCE). */
const LEAVE_TYPES: [LeaveType, number][] = [
  ['ANNUAL', 0.62],
  ['SICK', 0.2],
  ['UNPAID', 0.06],
  ['OTHER', 0.08],
  ['BEREAVEMENT', 0.04],
];

/**
 * Notes a person would write for each type. Sick leave carries none: why someone is ill is
 * health data, and the request needs no reason.
 */
export const LEAVE_NOTES: Record<LeaveType, readonly (string | null)[]> = {
  ANNUAL: ['Family trip', 'Summer holiday', 'Wedding', 'Visiting my parents', 'Skiing', null, null, null],
  SICK: [null],
  UNPAID: ['Sabbatical', 'Personal matters', 'Extended travel', null],
  OTHER: ['Moving house', 'Jury service', 'Volunteering day', 'Exam day', null],
  BEREAVEMENT: ['Funeral', null, null],
  MATERNITY: ['Maternity leave', null],
  PATERNITY: ['Paternity leave', null],
};

/** How many working weeks parental leave lasts: maternity weeks to months, paternity one or two weeks. */
export const PARENTAL_WEEKS: Record<'MATERNITY' | 'PATERNITY', [number, number]> = {
  MATERNITY: [14, 26],
  PATERNITY: [1, 2],
};
const PARENTAL_CHANCE = 0.04;

function weighted<T>(random: SeededRandom, items: [T, number][]): T {
  let r = random.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const at = (date: string, hour = 9) => `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;
/** A time something happened: never later than now, even when it happened today. */
const happened = (ctx: WorkloadContext, date: string, hour: number) => {
  const t = at(date, hour);
  return t < ctx.now ? t : ctx.now;
};

export async function seedReferences(ctx: WorkloadContext): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [kind, names] of [
    ['category', CATEGORIES],
    ['provider', PROVIDERS],
    ['type', TYPES],
  ] as const) {
    for (const name of names) {
      const id = ctx.random.uuid();
      await insertReference(ctx.tenant, { id, kind, name });
      ids.set(`${kind}:${name}`, id);
    }
  }
  return ids;
}

export async function seedTrainings(ctx: WorkloadContext, refs: Map<string, string>, perUser = 6): Promise<number> {
  const { random, today } = ctx;
  let count = 0;
  for (const user of ctx.users) {
    for (let i = 0; i < perUser; i++) {
      const [course, category, type, validMonths] = random.pick(COURSES);
      const start = addDays(today, random.int(-730, 90));
      // Each run of a course is a session people book: its day tells the runs apart.
      const name = `${course} (${sessionDay(start)})`;
      const end = addDays(start, random.int(0, 4));
      let expiry: string | null = validMonths ? addDays(end, Math.round(validMonths * 30.4)) : null;
      // A share of certificates run out within the next weeks, so the expiry notices have work.
      if (validMonths && end < today && random.chance(0.15)) expiry = addDays(today, random.int(1, 60));
      let status: TrainingStatus;
      let outcome: TrainingOutcome;
      if (random.chance(0.05)) {
        status = 'CANCELLED';
        outcome = 'NOT_APPLICABLE';
      } else if (end < today) {
        status = 'COMPLETED';
        outcome = weighted(random, [
          ['PASSED', 0.85],
          ['FAILED', 0.1],
          ['NOT_APPLICABLE', 0.05],
        ]);
      } else if (start <= today) {
        status = 'IN_PROGRESS';
        outcome = 'PENDING';
      } else {
        status = 'PLANNED';
        outcome = 'PENDING';
      }
      const hours = random.int(1, 24);
      const uuid = random.uuid();
      const row = {
        userId: user.id,
        name,
        typeId: refs.get(`type:${type}`)!,
        categoryId: refs.get(`category:${category}`)!,
        providerId: random.chance(0.9) ? refs.get(`provider:${random.pick(PROVIDERS)}`)! : null,
        startDate: at(start),
        endDate: at(end, 17),
        expiryDate: expiry ? at(expiry, 0) : null,
        cost: random.chance(0.8) ? random.int(0, 300) * 5 : null,
        notes: random.chance(0.2) ? 'Booked through the training portal' : null,
        structuredUnits: random.chance(0.5) ? Math.round(hours / 2) : null,
        unstructuredUnits: random.chance(0.3) ? random.int(0, 5) : null,
        hours,
        status,
        outcome,
        createdAt: happened(ctx, addDays(start < today ? start : today, -random.int(1, 30)), 8),
      };
      await writeTraining(ctx.tenant, {
        ...row,
        id: random.idAt(row.createdAt, uuid),
        updatedAt: row.createdAt,
        version: 1,
      });
      count += 1;
    }
  }
  return count;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sessionDay = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** How long a request runs, in calendar days after its first. */
function leaveLength(random: SeededRandom, type: LeaveType): number {
  if (type === 'MATERNITY' || type === 'PATERNITY') {
    const [min, max] = PARENTAL_WEEKS[type];
    // Monday to Friday of the last week.
    return random.int(min, max) * 7 - 3;
  }
  if (type === 'BEREAVEMENT') return random.int(0, 4);
  return weighted(random, [
    [0, 0.25],
    [1, 0.15],
    [2, 0.15],
    [4, 0.3],
    [9, 0.15],
  ]);
}

export async function seedLeave(ctx: WorkloadContext, perUser = 8): Promise<number> {
  const { random, today, tenant } = ctx;
  // Half days are drawn from a stream of their own: the rest of the demo stays as it was.
  const halves = new SeededRandom(83);
  const names = new Map(ctx.users.map((u) => [u.id, u]));
  const horizon = addDays(today, 180);
  let count = 0;
  for (const user of ctx.users) {
    let cursor = addDays(today, -365 + random.int(0, 30));
    const spacing = Math.floor(545 / perUser);
    // At most one parental leave a person, at one of their requests.
    const parentalAt = random.chance(PARENTAL_CHANCE) ? random.int(0, perUser - 1) : -1;
    for (let k = 0; k < perUser && cursor <= horizon; k++) {
      let start = cursor;
      let type = k === parentalAt ? user.parental : weighted(random, LEAVE_TYPES);
      if (type === 'SICK' && start > today) type = 'ANNUAL';
      // Parental leave starts on a Monday; other leave on the first working day.
      while (isWeekend(start) || (type === user.parental && new Date(`${start}T00:00:00Z`).getUTCDay() !== 1)) {
        start = addDays(start, 1);
      }
      let end = addDays(start, leaveLength(random, type));
      // Months of leave starting near the horizon would run past it: an ordinary request instead.
      if (end > horizon) {
        type = 'ANNUAL';
        end = addDays(start, leaveLength(random, type));
      }
      cursor = addDays(end, random.int(7, spacing * 2 - 7));
      if (countWorkingDays(start, end, user.nationality) === 0) continue;
      // Some annual leave starts at midday or ends at midday; each person's leave counts on their week.
      const half = halves.int(0, 15);
      const parts: Pick<LeaveSpan, 'startPart' | 'endPart'> =
        type !== 'ANNUAL' ? {} : half === 0 ? { startPart: 'AFTERNOON' } : half === 1 ? { endPart: 'MORNING' } : {};
      const week = user.workingWeek ?? STANDARD_WEEK;
      let span: LeaveSpan = { start, end, ...parts };
      if (countLeaveDays(span, user.nationality, week) === 0) span = { start, end };
      const days = countLeaveDays(span, user.nationality, week);
      const dates = {
        startDate: dateToDateTime(start),
        endDate: dateToDateTime(end),
        startPart: span.startPart ?? 'FULL',
        endPart: span.endPart ?? 'FULL',
      };
      let status: LeaveStatus;
      // Sick and parental leave are a right, not a wish: granted, if not yet decided.
      const granted = type === 'SICK' || type === 'MATERNITY' || type === 'PATERNITY';
      if (end < today) status = granted || random.chance(0.85) ? 'APPROVED' : 'REJECTED';
      else if (start <= today) status = 'APPROVED';
      else
        status = weighted(random, [
          ['PENDING', 0.5],
          ['APPROVED', 0.4],
          ['REJECTED', granted ? 0 : 0.1],
        ]);
      const createdDate = [addDays(start, -random.int(3, 40)), today].sort()[0]!;
      const reviewer = user.managerId ?? ctx.adminId;
      const reviewedDate = [addDays(createdDate, random.int(0, 3)), today].sort()[0]!;
      const decided = status !== 'PENDING';
      const id = random.idAt(happened(ctx, createdDate, 10));
      // A joiner's requests from before their first day are drawn (the demo stays as it was) but not kept.
      const kept = (!user.joinedOn || start >= user.joinedOn) && days > 0;
      const store = async <T>(insert: (tenant: TenantDb, record: T) => Promise<unknown>, record: T) => {
        if (kept) await insert(tenant, record);
      };
      await store(insertLeave, {
        id,
        userId: user.id,
        ...dates,
        type,
        notes: random.pick(LEAVE_NOTES[type]),
        status,
        days,
        reviewedBy: decided ? reviewer : null,
        reviewedAt: decided ? happened(ctx, reviewedDate, 14) : null,
        reviewComment: null,
        createdAt: happened(ctx, createdDate, 10),
        updatedAt: decided ? happened(ctx, reviewedDate, 14) : happened(ctx, createdDate, 10),
        version: decided ? 2 : 1,
      });
      if (kept) count += 1;

      const old = (date: string) => date < addDays(today, -14);
      if (!decided && user.managerId) {
        const owner = names.get(user.id)!;
        await store(insertNotification, {
          id: random.idAt(happened(ctx, createdDate, 10)),
          userId: user.managerId,
          type: 'LEAVE_SUBMITTED',
          ...storedWords(leaveSubmittedWords(`${owner.firstName} ${owner.lastName}`, type, dates, days), {
            leaveId: id,
          }),
          readAt: null,
          dedupeKey: null,
          createdAt: happened(ctx, createdDate, 10),
          updatedAt: happened(ctx, createdDate, 10),
          version: 1,
        });
      } else if (decided) {
        const readAt = old(reviewedDate) ? happened(ctx, addDays(reviewedDate, 1), 9) : null;
        await store(insertNotification, {
          id: random.idAt(happened(ctx, reviewedDate, 14)),
          userId: user.id,
          type: status === 'APPROVED' ? 'LEAVE_APPROVED' : 'LEAVE_REJECTED',
          ...storedWords(
            leaveDecidedWords(status === 'APPROVED' ? 'APPROVED' : 'REJECTED', { type, ...dates, days }, null),
            {
              leaveId: id,
            },
          ),
          readAt,
          dedupeKey: null,
          createdAt: happened(ctx, reviewedDate, 14),
          updatedAt: readAt ?? happened(ctx, reviewedDate, 14),
          version: readAt ? 2 : 1,
        });
      }
    }
  }
  return count;
}

import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema, listOf, pagedQuerySchema } from './common';
import { leaveTypeSchema, type LeaveType } from './enums';

// Leave policy, allowance adjustments and balances (ext): docs/service.md, Leave balances.

const month = z.number().int().min(1).max(12);
const dayCount = z.number().min(0).max(366);

/** An ISO weekday: 1 Monday … 7 Sunday. */
export const isoWeekdaySchema = z.number().int().min(1).max(7);

/** The organization's working week (ext): its ISO weekdays, each at most once. */
export const policyWeekSchema = z
  .array(isoWeekdaySchema)
  .max(7)
  .refine((days) => days.length > 0, 'Choose at least one working day')
  .refine((days) => new Set(days).size === days.length, 'Each day may be chosen only once');

/** Dates when nobody may be away (ext): for the types named, or every counted type. */
export const blockedPeriodSchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    reason: z.string().trim().min(1).max(200),
    types: z.array(leaveTypeSchema).min(1).nullable().optional(),
  })
  .refine((p) => p.endDate >= p.startDate, { path: ['endDate'], message: 'The last day must not be before the first' });
export type BlockedPeriodFields = z.infer<typeof blockedPeriodSchema>;

/** At most this many blocked periods in a policy. */
export const MAX_BLOCKED_PERIODS = 50;

/** A time of day, "13:00". */
export const timeOfDaySchema = z
  .string()
  .refine((time) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time), 'Enter a time such as 13:00');

export const leaveTypePolicySchema = z.object({
  type: leaveTypeSchema,
  /** Counted against an allowance: a request's working days come off what is left. */
  counted: z.boolean(),
  /** Working days a year, for a whole year's employment. */
  allowanceDays: dayCount,
});
export type LeaveTypePolicy = z.infer<typeof leaveTypePolicySchema>;

export const leavePolicySchema = z.object({
  /** The leave year's first month (1 = January). */
  yearStartMonth: month,
  /** The most unused days of a year's allowance that carry into the next. */
  carryOverDays: dayCount,
  /** Carried days may be used until the end of this month of the new leave year (3 = its third). */
  carryOverUntilMonth: month,
  /** How far below zero a counted type may go (0: not at all). */
  floorDays: dayCount,
  /** Whether a manager may adjust the allowance of their direct reports (an admin always may). */
  managersMayAdjust: z.boolean(),
  /** One entry for every leave type. */
  types: z.array(leaveTypePolicySchema),
  /** The organization's working week (ext; ISO weekdays, Monday to Friday unless set). */
  workingWeek: policyWeekSchema.default([1, 2, 3, 4, 5]),
  /** A part-timer's allowance is pro rata to their working week (ext; default on). */
  allowanceProRataByWeek: z.boolean().default(true),
  /** Where a day is split into its morning and afternoon, in each person's time zone (ext; iCal times). */
  middayAt: timeOfDaySchema.default('13:00'),
  /** Dates when nobody may be away (ext). */
  blockedPeriods: z.array(blockedPeriodSchema).max(MAX_BLOCKED_PERIODS).default([]),
  updatedAt: isoDateTimeSchema.nullable(),
  version: z.number().int().min(0),
});
export type LeavePolicy = z.infer<typeof leavePolicySchema>;

/** PUT /api/leave/policy: each field optional; types are set one by one, the rest stay as they are. */
export const leavePolicyUpdateSchema = z.object({
  yearStartMonth: month.optional(),
  carryOverDays: dayCount.optional(),
  carryOverUntilMonth: month.optional(),
  floorDays: dayCount.optional(),
  managersMayAdjust: z.boolean().optional(),
  workingWeek: policyWeekSchema.optional(),
  allowanceProRataByWeek: z.boolean().optional(),
  middayAt: timeOfDaySchema.optional(),
  /** The whole list: what is sent replaces what was there. */
  blockedPeriods: z.array(blockedPeriodSchema).max(MAX_BLOCKED_PERIODS).optional(),
  types: z
    .array(leaveTypePolicySchema)
    .max(leaveTypeSchema.options.length)
    .superRefine((types, ctx) => {
      const seen = new Set<LeaveType>();
      for (const [i, t] of types.entries()) {
        if (seen.has(t.type)) {
          ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'Each leave type may be set only once' });
        }
        seen.add(t.type);
      }
    })
    .optional(),
});
export type LeavePolicyUpdate = z.infer<typeof leavePolicyUpdateSchema>;

/** The longest reason an adjustment may give. */
export const MAX_ALLOCATION_REASON = 500;

/** An adjustment's fields; the rulebook (rules/balanceRules.ts) holds the days to halves and not zero. */
export const allocationFieldsSchema = z.object({
  userId: idSchema,
  type: leaveTypeSchema,
  year: z.number().int().min(2000).max(2100),
  days: z.number().min(-366).max(366),
  reason: z.string().trim().min(1).max(MAX_ALLOCATION_REASON),
});
export type AllocationCreate = z.infer<typeof allocationFieldsSchema>;

/** Days granted (positive) or deducted (negative) for a person, a type and a leave year, with why. */
export const allocationSchema = z.object({
  id: idSchema,
  userId: idSchema,
  type: leaveTypeSchema,
  year: z.number().int(),
  days: z.number(),
  reason: z.string(),
  createdBy: idSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: z.number().int().min(1),
});
export type Allocation = z.infer<typeof allocationSchema>;
export const allocationListSchema = listOf(allocationSchema);

export const allocationListQuerySchema = pagedQuerySchema(
  { userId: idSchema.optional(), year: z.coerce.number().int().min(2000).max(2100).optional() },
  100,
);

export const balanceQuerySchema = z.object({
  userId: idSchema.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const leaveBalanceSchema = z.object({
  type: leaveTypeSchema,
  counted: z.boolean(),
  /** The year's allowance (pro rata in the year a person starts). */
  allowance: z.number(),
  /** Days carried from the last leave year, as far as they are usable (see `lapsed`). */
  carriedOver: z.number(),
  /** The last day carried days may be used; null when none carry. */
  carryOverUntil: isoDateSchema.nullable(),
  adjustments: z.number(),
  /** Approved working days up to today. */
  taken: z.number(),
  /** Approved working days after today. */
  booked: z.number(),
  /** Working days waiting for a decision. */
  pending: z.number(),
  /** allowance + carriedOver + adjustments − taken − booked − pending; null for a type not counted. */
  remaining: z.number().nullable(),
  /** Carried days not yet used that lapse after carryOverUntil. */
  expiring: z.number(),
  /** Carried days that lapsed unused (no longer in carriedOver). */
  lapsed: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

export const balancesSchema = z.object({
  userId: idSchema,
  year: z.number().int(),
  /** The leave year's first and last day. */
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  balances: z.array(leaveBalanceSchema),
});
export type Balances = z.infer<typeof balancesSchema>;

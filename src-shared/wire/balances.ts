import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema, listOf, pagedQuerySchema } from './common';
import { leaveTypeSchema, type LeaveType } from './enums';

// Leave policy, allowance adjustments and balances (ext): docs/service.md, Leave balances.

const month = z.number().int().min(1).max(12);
const dayCount = z.number().min(0).max(366);

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

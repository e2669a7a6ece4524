import { z } from 'zod';
import {
  countryCodeSchema,
  dateTimeInputSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  listOf,
  pagedQuerySchema,
  recordFields,
  sortOrderSchemaDefaultAsc,
  sortOrderSchemaDefaultDesc,
} from './common';
import { leaveDecisionSchema, leaveStatusSchema, leaveTypeSchema } from './enums';
import { MAX_REVIEW_COMMENT, rangeIssues } from '../rules/leaveRules';

export const leaveFieldsSchema = z.object({
  startDate: dateTimeInputSchema,
  endDate: dateTimeInputSchema,
  type: leaveTypeSchema,
  notes: z.string().max(2000).nullable().optional(),
});

/** Order and length of the range, in the rulebook's words. */
function rangeRule(what: string) {
  return (range: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
    for (const issue of rangeIssues(range, what)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  };
}

export const leaveCreateSchema = leaveFieldsSchema.superRefine(rangeRule('A request'));
export type LeaveCreate = z.infer<typeof leaveCreateSchema>;

/** The seed's PUT body is "same as create". */
export const leaveUpdateSchema = leaveCreateSchema;
export type LeaveUpdate = LeaveCreate;

/**
 * A decision, with what the reviewer wrote (at most 500 characters), and when it was made when that
 * was offline (ext; the service believes it within bounds, see docs/service.md).
 */
export const leaveStatusUpdateSchema = z.object({
  status: leaveDecisionSchema,
  comment: z.string().max(MAX_REVIEW_COMMENT).nullable().optional(),
  decidedAt: isoDateTimeSchema.optional(),
});
export type LeaveStatusUpdate = z.infer<typeof leaveStatusUpdateSchema>;

export const leaveSchema = z.object({
  ...recordFields,
  userId: idSchema,
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema,
  type: leaveTypeSchema,
  notes: z.string().nullable(),
  status: leaveStatusSchema,
  days: z.number().min(0),
  reviewedBy: idSchema.nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  /** What the reviewer wrote with the decision (absent from a service without the extension). */
  reviewComment: z.string().nullable().optional(),
});
export type Leave = z.infer<typeof leaveSchema>;
export const leaveListSchema = listOf(leaveSchema);

export const leaveListQuerySchema = pagedQuerySchema(
  {
    userId: idSchema.optional(),
    status: leaveStatusSchema.optional(),
  },
  100,
);

export const pendingApprovalsQuerySchema = pagedQuerySchema({}, 100);

export const upcomingSortFields = ['createdAt', 'startDate', 'endDate'] as const;
export const upcomingQuerySchema = pagedQuerySchema({
  sortBy: z.enum(upcomingSortFields).default('createdAt'),
  sortOrder: sortOrderSchemaDefaultDesc,
});

export const teamSortFields = ['createdAt', 'startDate', 'endDate', 'status', 'type'] as const;
export const teamQuerySchema = pagedQuerySchema({
  status: leaveStatusSchema.optional(),
  userId: idSchema.optional(),
  sortBy: z.enum(teamSortFields).default('startDate'),
  sortOrder: sortOrderSchemaDefaultAsc,
});

export const calendarQuerySchema = z
  .object({
    startDate: dateTimeInputSchema,
    endDate: dateTimeInputSchema,
    departmentId: idSchema.optional(),
    types: z
      .string()
      .optional()
      .transform((s) =>
        s
          ? s
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean)
          : undefined,
      )
      .pipe(z.array(leaveTypeSchema).optional()),
  })
  .superRefine(rangeRule('The calendar'));
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const holidaySchema = z.object({ date: isoDateSchema, name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

export const calendarUserSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  departmentId: idSchema.nullable(),
  nationality: countryCodeSchema,
});
export type CalendarUser = z.infer<typeof calendarUserSchema>;

export const calendarSchema = z.object({
  range: z.object({ startDate: isoDateSchema, endDate: isoDateSchema }),
  users: z.array(
    z.object({
      user: calendarUserSchema,
      leave: z.array(leaveSchema),
      holidays: z.array(holidaySchema),
    }),
  ),
});
export type Calendar = z.infer<typeof calendarSchema>;

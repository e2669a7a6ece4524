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
import { personWeekSchema } from './users';

/** The longest notes a request may carry. */
export const MAX_LEAVE_NOTES = 2000;

/** Where a request's first day starts: the whole day, or from midday (ext). */
export const startPartSchema = z.enum(['FULL', 'AFTERNOON']);
/** Where a request's last day ends: the whole day, or at midday (ext). */
export const endPartSchema = z.enum(['FULL', 'MORNING']);
export type StartPart = z.infer<typeof startPartSchema>;
export type EndPart = z.infer<typeof endPartSchema>;

export const leaveFieldsSchema = z.object({
  startDate: dateTimeInputSchema,
  endDate: dateTimeInputSchema,
  /** FULL when absent. */
  startPart: startPartSchema.optional(),
  /** FULL when absent. */
  endPart: endPartSchema.optional(),
  type: leaveTypeSchema,
  notes: z.string().max(MAX_LEAVE_NOTES).nullable().optional(),
});

/** A request's body (create, and the PUT's "same as create"); the rulebook adds the order and length of its dates. */
export type LeaveUpdate = z.infer<typeof leaveFieldsSchema>;

/** A new request: the caller's own, or (ADMIN, ext) leave recorded for someone, approved as it is recorded. */
export const leaveCreateFieldsSchema = leaveFieldsSchema.extend({ userId: idSchema.optional() });
export type LeaveCreate = z.infer<typeof leaveCreateFieldsSchema>;

/** The longest review comment a manager may write. */
export const MAX_REVIEW_COMMENT = 500;

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
  /** FULL, or AFTERNOON when it starts at midday (absent from a service without half days: FULL). */
  startPart: startPartSchema.optional(),
  /** FULL, or MORNING when it ends at midday (absent from a service without half days: FULL). */
  endPart: endPartSchema.optional(),
  type: leaveTypeSchema,
  notes: z.string().nullable(),
  status: leaveStatusSchema,
  /** Working days taken, in halves. */
  days: z.number().min(0),
  reviewedBy: idSchema.nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  /** What the reviewer wrote with the decision (absent from a service without the extension). */
  reviewComment: z.string().nullable().optional(),
  /** Who recorded it for its owner (ext; an admin), else null or absent. */
  recordedBy: idSchema.nullable().optional(),
  /** The blocked period an admin recorded it over, in words (ext), else null or absent. */
  overrode: z.string().nullable().optional(),
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

const leaveTypeChoice = `(?:${leaveTypeSchema.options.join('|')})?`;
/** What `types` takes, as the document says it: leave types, comma-separated, spaces and empty entries aside. */
export const LEAVE_TYPE_LIST_PATTERN = `^\\s*${leaveTypeChoice}\\s*(?:,\\s*${leaveTypeChoice}\\s*)*$`;

export const calendarQueryFieldsSchema = z.object({
  startDate: dateTimeInputSchema,
  endDate: dateTimeInputSchema,
  departmentId: idSchema.optional(),
  types: z
    .string()
    .optional()
    // Said, not checked, here: the leave types themselves are checked below, in the rulebook's words.
    .meta({
      pattern: LEAVE_TYPE_LIST_PATTERN,
      description: 'The leave types to show, comma-separated (`ANNUAL,SICK`); every type when left out',
    })
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(leaveTypeSchema).optional()),
  leaveOf: z.enum(['everyone', 'outsideScope']).optional().meta({
    description:
      "Whose leave the answer holds: `everyone` shown (the default), or `outsideScope`, only the people whose own records are outside the caller's scope: a client that keeps its scope's leave from `/api/leave` and `/api/leave/team` asks for the rest alone",
  }),
});
/** The query of the service's calendar (the app's own is CalendarQuery of the app API). */
export type LeaveCalendarQuery = z.infer<typeof calendarQueryFieldsSchema>;

export const holidaySchema = z.object({ date: isoDateSchema, name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

export const calendarUserSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  departmentId: idSchema.nullable(),
  nationality: countryCodeSchema,
  /** Their own working week (ext); null or absent: the organization's. */
  workingWeek: personWeekSchema.nullable().optional(),
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

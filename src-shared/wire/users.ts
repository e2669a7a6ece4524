import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import {
  countryCodeSchema,
  knownCountrySchema,
  idSchema,
  isoDateSchema,
  pagedQuerySchema,
  recordFields,
  listOf,
  sortOrderSchemaDefaultAsc,
} from './common';
import { roleSchema } from './enums';

export const personStatuses = ['INVITED', 'ACTIVE', 'LEFT'] as const;
export const personStatusSchema = z.enum(personStatuses);
export type PersonStatus = z.infer<typeof personStatusSchema>;

/** A one-time invitation: its token, the link made of it, until when it works, and whether it was mailed. */
export const invitationSchema = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What of a day someone works, or a leave request takes: all of it, or the half before or after midday. */
export const dayPartSchema = z.enum(['FULL', 'MORNING', 'AFTERNOON']);
export type DayPart = z.infer<typeof dayPartSchema>;

/** A person's own working week (ext): the days they work (ISO weekday, 1 Monday … 7 Sunday), each whole or a half. */
export const personWeekSchema = z
  .array(z.object({ weekday: z.number().int().min(1).max(7), part: dayPartSchema }))
  .max(7)
  .refine((days) => days.length > 0, 'Choose at least one working day')
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, 'Each day may be chosen only once');
export type PersonWeek = z.infer<typeof personWeekSchema>;

export const userSchema = z.object({
  ...recordFields,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: idSchema,
  departmentId: idSchema.nullable(),
  managerId: idSchema.nullable(),
  nationality: countryCodeSchema,
  roles: z.array(roleSchema).min(1),
  /** The first day of employment (ext): the allowance of that leave year is pro rata. */
  startDate: isoDateSchema.nullable().optional(),
  /** INVITED until they choose a password, ACTIVE, LEFT after `endDate` (ext; absent means ACTIVE). */
  status: personStatusSchema.optional(),
  /** The last working day (ext): from the day after, the account is closed; nothing is deleted. */
  endDate: isoDateSchema.nullable().optional(),
  /** Their own working week (ext); null or absent: the organization's. */
  workingWeek: personWeekSchema.nullable().optional(),
  /** On the answer that invited them only: the one-time link to pass on (ext). */
  invitation: invitationSchema.optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listOf(userSchema);

export const userSortFields = ['lastName', 'firstName', 'email', 'createdAt'] as const;

export const userListQuerySchema = pagedQuerySchema({
  search: z.string().trim().max(200).optional(),
  departmentId: idSchema.optional(),
  /** Whom the list holds: people employed now (invited or active, the default), former colleagues, or both. */
  employment: z.enum(['current', 'former', 'all']).default('current'),
  sortBy: z.enum(userSortFields).default('lastName'),
  sortOrder: sortOrderSchemaDefaultAsc,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const nameSchema = z.string().trim().min(1, 'Must not be empty').max(100);

/** ADMIN adds a person (ext): without a password they are INVITED and the answer carries the invitation. */
/** One of the languages HR Offline speaks. */
export const localeSchema = z.enum(LOCALES);

export const userCreateSchema = z.object({
  email: z.email('Expected an email address').max(254),
  password: z.string().min(8, 'At least 8 characters').max(1024).optional(),
  firstName: nameSchema,
  lastName: nameSchema,
  departmentId: idSchema.nullable().optional(),
  managerId: idSchema.nullable().optional(),
  nationality: knownCountrySchema,
  roles: z.array(roleSchema).min(1).default(['USER']),
  startDate: isoDateSchema.nullable().optional(),
  /** The language of the person's mails, their invitation first (ext); the inviting admin's when not given. */
  locale: localeSchema.optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** ADMIN changes an account (ext); every field optional. */
export const userUpdateSchema = userCreateSchema
  .omit({ email: true, password: true, roles: true, locale: true })
  .partial()
  .extend({
    roles: z.array(roleSchema).min(1).optional(),
    /** The last working day; null brings the person back. */
    endDate: isoDateSchema.nullable().optional(),
    /** Their own working week; null: the organization's. */
    workingWeek: personWeekSchema.nullable().optional(),
    /** Who takes over the person's reports (and the requests waiting for their decision) as they leave. */
    reassignReportsTo: idSchema.optional(),
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** One person of an import (ext), matched to the organization's people by email. */
export const importRowSchema = z.object({
  email: z.email('Expected an email address').max(254),
  firstName: nameSchema,
  lastName: nameSchema,
  /** A department's name: one that does not exist yet is created. */
  department: optionalText(100),
  managerEmail: z
    .union([z.email('Expected the email address of their manager').max(254), z.literal('')])
    .nullish()
    .transform((v) => v || null),
  nationality: knownCountrySchema,
  startDate: isoDateSchema.nullish().transform((v) => v ?? null),
  roles: z.array(roleSchema).min(1).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const IMPORT_MAX_ROWS = 10_000;

export const importRequestSchema = z.object({
  rows: z.array(importRowSchema).superRefine((rows, ctx) => {
    if (rows.length === 0) ctx.addIssue({ code: 'custom', message: 'The file has no people in it' });
    if (rows.length > IMPORT_MAX_ROWS) {
      ctx.addIssue({ code: 'custom', message: `An import takes at most ${IMPORT_MAX_ROWS} people at once` });
    }
  }),
  /** Check only: answer what would happen and write nothing. */
  dryRun: z.boolean().default(false),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const importOutcomes = ['created', 'updated', 'unchanged'] as const;

/** What an import did (or, dry, would do) to each row, in the order sent. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  departmentsCreated: z.array(z.string()),
  rows: z.array(
    z.object({
      email: z.string(),
      outcome: z.enum(importOutcomes),
      userId: idSchema.optional(),
      /** For a person the import invited (not on a dry run). */
      invitation: invitationSchema.optional(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** What a person chooses for themselves (ext): whether notifications also come by mail. */
export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  /** The language of the person's mails (ext): the app sends the one it shows; null until then (English). */
  locale: localeSchema.nullable().optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
/** A change of one's preferences: what is sent changes, the rest stays. */
export const preferencesUpdateSchema = z.object({
  emailNotifications: z.boolean().optional(),
  locale: localeSchema.optional(),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

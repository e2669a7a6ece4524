import { z } from 'zod';
import {
  countryCodeSchema,
  idSchema,
  isoDateSchema,
  pagedQuerySchema,
  recordFields,
  listOf,
  sortOrderSchemaDefaultAsc,
} from './common';
import { roleSchema } from './enums';

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
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listOf(userSchema);

export const userSortFields = ['lastName', 'firstName', 'email', 'createdAt'] as const;

export const userListQuerySchema = pagedQuerySchema({
  search: z.string().trim().max(200).optional(),
  departmentId: idSchema.optional(),
  sortBy: z.enum(userSortFields).default('lastName'),
  sortOrder: sortOrderSchemaDefaultAsc,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const nameSchema = z.string().trim().min(1, 'Must not be empty').max(100);

/** ADMIN creates an account in their organization (ext). */
export const userCreateSchema = z.object({
  email: z.email('Expected an email address').max(254),
  password: z.string().min(8, 'At least 8 characters').max(1024),
  firstName: nameSchema,
  lastName: nameSchema,
  departmentId: idSchema.nullable().optional(),
  managerId: idSchema.nullable().optional(),
  nationality: countryCodeSchema,
  roles: z.array(roleSchema).min(1).default(['USER']),
  startDate: isoDateSchema.nullable().optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** ADMIN changes an account (ext); every field optional. */
export const userUpdateSchema = userCreateSchema
  .omit({ email: true, password: true, roles: true })
  .partial()
  .extend({ roles: z.array(roleSchema).min(1).optional() });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

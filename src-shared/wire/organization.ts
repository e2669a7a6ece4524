import { z } from 'zod';
import { idSchema } from './common';

/** An ISO 4217 code the platform knows (EUR, GBP, CHF…), in the rulebook's words when it is not one. */
export const currencySchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .superRefine((code, ctx) => {
    if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
      ctx.addIssue({ code: 'custom', message: 'Choose a currency from the list, such as EUR or GBP' });
    }
  });

/** The caller's organization (ext): training costs are in its currency. */
export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  currency: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationUpdateSchema = z.object({ currency: currencySchema });
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

/** A department made or renamed (ext, ADMIN). */
export const departmentWriteSchema = z.object({
  name: z.string().trim().min(1, 'Give the department a name').max(100, 'A department name has at most 100 characters'),
});
export type DepartmentWrite = z.infer<typeof departmentWriteSchema>;

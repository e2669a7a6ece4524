import { z } from 'zod';
import { knownCountrySchema } from './common';
import { currencySchema } from './organization';

const nameSchema = z.string().trim().min(1, 'Must not be empty').max(100);

/** What a new organization needs: its name and its first administrator (the CLI, and open sign-up). */
export const organizationCreateSchema = z.object({
  name: z.string().trim().min(2, 'Give the organization a name of at least 2 characters').max(120),
  adminEmail: z.email('Expected an email address').max(254),
  adminFirstName: nameSchema.default('Admin'),
  adminLastName: nameSchema.default('Administrator'),
  nationality: knownCountrySchema.default('GB'),
  currency: currencySchema.default('EUR'),
});
export type OrganizationCreate = z.input<typeof organizationCreateSchema>;

/** Open sign-up (`--open-signup`): the same, with the admin's password chosen at once. */
export const signupSchema = organizationCreateSchema
  .extend({ password: z.string().min(1, 'Choose a password').max(1024) })
  .omit({ currency: true });
export type Signup = z.input<typeof signupSchema>;

import type { z } from 'zod';
import {
  allocationCreateSchema,
  formCreateSchema,
  formUpdateSchema,
  leaveCreateSchema,
  leaveUpdateSchema,
  trainingCreateSchema,
  trainingUpdateSchema,
} from '@shared/rules';
import {
  calendarFeedCreateSchema,
  acceptInvitationSchema,
  departmentWriteSchema,
  distributeSchema,
  importRequestSchema,
  passwordChangeSchema,
  passwordForgotSchema,
  passwordResetSchema,
  signupSchema,
  leavePolicyUpdateSchema,
  leaveStatusUpdateSchema,
  organizationUpdateSchema,
  refreshRequestSchema,
  submissionSchema,
  tokenRequestSchema,
  trainingPatchSchema,
  userCreateSchema,
  userUpdateSchema,
  preferencesUpdateSchema,
} from '@shared/wire';

/**
 * A request body's schema carrying an example for the document, typed by the schema so an example
 * cannot drift from what is accepted (the prism walk in the tests sends them to the service).
 */
const withExample = <S extends z.ZodType>(schema: S, example: z.input<S>): S =>
  // As the media type's `examples` (zod leaves JSON Schema `examples` out of a body that transforms).
  schema.meta({ 'x-examples': { example: { value: example } } });

const ids = {
  person: '019b6241-3800-7dfe-ab9b-9f884b05e58e',
  manager: '01a00d04-9800-7b13-a15d-8465efd7734e',
  department: '2a0b2f6e-3c55-4f0c-9d43-1f4f0b2d9a11',
  type: 'c5d15c63-39de-4c4a-a4f6-55acc14db365',
  category: '22f076e8-59d4-4a44-a908-9d34ca1d6923',
  provider: '341abcd7-9e8d-4f20-a0d4-9d357095e4ef',
  question: '01a1b505-8400-7e55-a1ab-99a73de74534',
};
const refreshToken = 'Qm9va2VkIHRocm91Z2ggdGhlIHRyYWluaW5nIHBvcnRhbA';

/** Request bodies as the document shows them: the route checks with the same schema. */
export const bodies = {
  calendarFeedCreate: withExample(calendarFeedCreateSchema, { scope: 'ME', includePending: false }),
  token: withExample(tokenRequestSchema, { email: 'alice@acme.test', password: 'correct horse battery staple' }),
  refresh: withExample(refreshRequestSchema, { refresh_token: refreshToken }),
  userCreate: withExample(userCreateSchema, {
    email: 'jo.bloggs@acme.test',
    firstName: 'Jo',
    lastName: 'Bloggs',
    nationality: 'GB',
    departmentId: ids.department,
    managerId: ids.manager,
    roles: ['USER'],
    startDate: '2026-09-01',
  }),
  userImport: withExample(importRequestSchema, {
    rows: [
      {
        email: 'jo.bloggs@acme.test',
        firstName: 'Jo',
        lastName: 'Bloggs',
        department: 'Customer Success',
        managerEmail: 'manager@acme.test',
        nationality: 'GB',
        startDate: '2026-09-01',
        roles: ['USER'],
      },
    ],
    dryRun: true,
  }),
  userUpdate: withExample(userUpdateSchema, { lastName: 'Bloggs-Smith', managerId: ids.manager }),
  preferences: withExample(preferencesUpdateSchema, { emailNotifications: false, locale: 'de' }),
  acceptInvitation: withExample(acceptInvitationSchema, {
    token: 'https://acme.hr.example/join#bXkgaW52aXRhdGlvbiB0b2tlbg',
    password: 'a long first password',
  }),
  passwordChange: withExample(passwordChangeSchema, {
    currentPassword: 'correct horse battery staple',
    newPassword: 'staple battery horse correct',
  }),
  department: withExample(departmentWriteSchema, { name: 'Customer Success' }),
  signup: withExample(signupSchema, {
    name: 'Acme Ltd',
    adminEmail: 'ada@acme.example',
    adminFirstName: 'Ada',
    adminLastName: 'Lovelace',
    nationality: 'GB',
    password: 'analytical engine notes',
  }),
  passwordForgot: withExample(passwordForgotSchema, { email: 'alice@acme.test' }),
  passwordReset: withExample(passwordResetSchema, {
    token: 'cmVzZXQgdG9rZW4gZnJvbSB0aGUgbWFpbA',
    password: 'a new and long password',
  }),
  organizationUpdate: withExample(organizationUpdateSchema, { currency: 'EUR' }),
  trainingCreate: withExample(trainingCreateSchema, {
    name: 'First aid at work',
    typeId: ids.type,
    categoryId: ids.category,
    providerId: ids.provider,
    // Ended before the test service's today (2 March 2026): the PATCH example passes it.
    startDate: '2026-02-02T09:00:00.000Z',
    endDate: '2026-02-03T17:00:00.000Z',
    expiryDate: '2029-02-03T00:00:00.000Z',
    cost: 450,
    hours: 14,
    userId: ids.person,
  }),
  trainingUpdate: withExample(trainingUpdateSchema, { name: 'First aid at work (refresher)', hours: 7 }),
  trainingPatch: withExample(trainingPatchSchema, { status: 'COMPLETED', outcome: 'PASSED' }),
  leaveCreate: withExample(leaveCreateSchema, {
    startDate: '2026-07-06',
    endDate: '2026-07-10',
    type: 'ANNUAL',
    notes: 'Summer holiday',
  }),
  leaveUpdate: withExample(leaveUpdateSchema, { startDate: '2026-07-06', endDate: '2026-07-08', type: 'ANNUAL' }),
  leaveDecision: withExample(leaveStatusUpdateSchema, {
    status: 'APPROVED',
    comment: 'Enjoy the break',
    decidedAt: '2026-06-12T14:30:00.000Z',
  }),
  leavePolicy: withExample(leavePolicyUpdateSchema, { carryOverDays: 5, carryOverUntilMonth: 3 }),
  allocation: withExample(allocationCreateSchema, {
    userId: ids.person,
    type: 'ANNUAL',
    year: 2026,
    days: 2,
    reason: 'Worked the bank holiday weekend',
  }),
  formCreate: withExample(formCreateSchema, {
    title: 'How was onboarding?',
    description: 'Two minutes, anonymous.',
    isAnonymous: true,
    status: 'PUBLISHED',
    questions: [
      { type: 'RATING', label: 'Your first week overall', required: true },
      { type: 'SINGLE_CHOICE', label: 'Did you have a laptop on day one?', options: ['Yes', 'No'] },
      { type: 'TEXT', label: 'What should we change?' },
    ],
  }),
  formUpdate: withExample(formUpdateSchema, { title: 'How was your onboarding?' }),
  distribute: withExample(distributeSchema, { departmentIds: [ids.department] }),
  submission: withExample(submissionSchema, {
    answers: [{ questionId: ids.question, value: '4' }],
    submittedAt: '2026-06-12T08:15:00.000Z',
  }),
};

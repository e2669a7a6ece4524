import { z } from 'zod';
import { dateTimeInputSchema, idSchema, isoDateSchema, isoDateTimeSchema, listOf, pagedQuerySchema } from './common';
import { recordFields } from './common';
import { formStatusSchema, questionTypeSchema } from './enums';

export const CHOICE_TYPES = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE'] as const;
export const RATING_RANGE = { min: 1, max: 5 } as const;
export const SCALE_DEFAULT_RANGE = { min: 0, max: 10 } as const;

/** How a condition compares the earlier question's answer (ext; each question type has its own). */
export const conditionOperators = [
  'equals',
  'notEquals',
  'includes',
  'excludes',
  'greaterThan',
  'lessThan',
  'answered',
  'notAnswered',
] as const;
export const conditionOperatorSchema = z.enum(conditionOperators);
export type ConditionOperator = z.infer<typeof conditionOperatorSchema>;

/** One condition on an earlier question's answer: its id (or, for a question new in the same save, its `ref`). */
export const conditionSchema = z.object({
  questionId: z.string().min(1).max(100),
  operator: conditionOperatorSchema,
  /** What the answer is compared with: an option, yes or no, a number or a date; none for answered / not answered. */
  value: z.string().max(1000).nullable().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** When a question (or a section) is asked (ext): all of its conditions hold, or any one. */
export const showIfSchema = z.object({
  match: z.enum(['all', 'any']),
  conditions: z.array(conditionSchema).min(1).max(20),
});
export type ShowIf = z.infer<typeof showIfSchema>;

/** The section a question opens (ext): its heading, and when the whole section is asked. */
export const sectionSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  showIf: showIfSchema.nullable().optional(),
});
export type Section = z.infer<typeof sectionSchema>;

export const questionSchema = z.object({
  id: idSchema,
  type: questionTypeSchema,
  label: z.string(),
  description: z.string().nullable().optional(),
  required: z.boolean(),
  options: z.array(z.string()).nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  /** Words at the ends of a RATING or SCALE (ext), e.g. "Not at all" and "Extremely". */
  minLabel: z.string().nullable().optional(),
  maxLabel: z.string().nullable().optional(),
  order: z.number().int(),
  /** Asked only when this holds (ext); absent or null: always. */
  showIf: showIfSchema.nullable().optional(),
  /** The section this question opens (ext); absent or null: it continues the one before. */
  section: sectionSchema.nullable().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** A question as an admin writes it: `id` to keep an existing one, `order` defaults to its position. */
export const questionInputSchema = z
  .object({
    id: idSchema.optional(),
    type: questionTypeSchema,
    label: z.string().trim().min(1).max(500),
    description: z.string().max(2000).nullable().optional(),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(200)).max(100).nullable().optional(),
    min: z.number().finite().nullable().optional(),
    max: z.number().finite().nullable().optional(),
    minLabel: z.string().trim().max(60).nullable().optional(),
    maxLabel: z.string().trim().max(60).nullable().optional(),
    order: z.number().int().min(0).optional(),
    /** A name for a new question that conditions of the same save may use as its `questionId`. */
    ref: z.string().trim().min(1).max(100).optional(),
    showIf: showIfSchema.nullable().optional(),
    section: sectionSchema.nullable().optional(),
  })
  .superRefine((q, ctx) => {
    const isChoice = (CHOICE_TYPES as readonly string[]).includes(q.type);
    if (isChoice) {
      if (!q.options || q.options.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add at least one option' });
      } else if (new Set(q.options).size !== q.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option must be different from the others' });
      }
    } else if (q.options && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'This kind of question takes no options' });
    }
    if (q.min != null && q.max != null && q.min >= q.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'The highest value must be greater than the lowest' });
    }
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

const formFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).nullable().optional(),
  isAnonymous: z.boolean().optional(),
  requireAuthentication: z.boolean().optional(),
  allowMultipleSubmissions: z.boolean().optional(),
  maxSubmissions: z.number().int().min(1).nullable().optional(),
  openDate: dateTimeInputSchema.nullable().optional(),
  closeDate: dateTimeInputSchema.nullable().optional(),
  status: formStatusSchema.optional(),
  questions: z.array(questionInputSchema).max(200).optional(),
};

/** A form's fields as sent; the rulebook adds the order of its dates (`formCreateSchema` in rules/formRules). */
export const formFieldsSchema = z.object(formFields);
export type FormCreate = z.infer<typeof formFieldsSchema>;
export type FormUpdate = Partial<FormCreate>;

export const formSchema = z.object({
  ...recordFields,
  title: z.string(),
  description: z.string().nullable(),
  isAnonymous: z.boolean(),
  requireAuthentication: z.boolean(),
  allowMultipleSubmissions: z.boolean(),
  maxSubmissions: z.number().int().nullable(),
  openDate: isoDateTimeSchema.nullable(),
  closeDate: isoDateTimeSchema.nullable(),
  status: formStatusSchema,
  questions: z.array(questionSchema),
  responseCount: z.number().int().min(0),
  createdBy: idSchema,
});
export type Form = z.infer<typeof formSchema>;
export const formListSchema = listOf(formSchema);

export const formListQuerySchema = pagedQuerySchema({
  status: formStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
});

export const questionListSchema = z.object({ data: z.array(questionSchema) });

/** A public form: the form without its admin-only counts, with its questions. */
export const publicFormSchema = formSchema.omit({ responseCount: true, createdBy: true });
export type PublicForm = z.infer<typeof publicFormSchema>;

/**
 * A form sent to the caller (ext `GET /api/forms/assigned`, published or closed), whether they
 * have answered it and when (null for an anonymous form: no time is kept with its author), and
 * whether it reached its maximum of submissions.
 */
export const assignedFormSchema = publicFormSchema.extend({
  submitted: z.boolean(),
  submittedAt: isoDateTimeSchema.nullable().optional(),
  full: z.boolean().optional(),
});
export type AssignedForm = z.infer<typeof assignedFormSchema>;
export const assignedFormListSchema = z.object({ data: z.array(assignedFormSchema) });

export const answerSchema = z.object({
  questionId: idSchema,
  value: z.string().max(10000),
});
export type Answer = z.infer<typeof answerSchema>;

/** Answers, and when they were given when that was offline (ext; believed within bounds). */
export const submissionSchema = z.object({
  answers: z.array(answerSchema).max(500),
  submittedAt: isoDateTimeSchema.optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionReceiptSchema = z.object({
  id: idSchema,
  formId: idSchema,
  submittedAt: isoDateTimeSchema,
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;

export const formResponseSchema = z.object({
  id: idSchema,
  submittedAt: isoDateTimeSchema,
  respondent: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
  answers: z.array(answerSchema),
  /** The questions this response was not asked, its other answers hiding them (ext; absent: none). */
  unasked: z.array(idSchema).optional(),
});
export type FormResponse = z.infer<typeof formResponseSchema>;
export const formResponseListSchema = listOf(formResponseSchema);

export const distributeSchema = z
  .object({
    userIds: z.array(idSchema).max(10000).optional(),
    departmentIds: z.array(idSchema).max(1000).optional(),
    all: z.boolean().optional(),
  })
  .refine((d) => d.all === true || (d.userIds?.length ?? 0) > 0 || (d.departmentIds?.length ?? 0) > 0, {
    message: 'Choose people, departments or everyone',
  });
export type Distribute = z.infer<typeof distributeSchema>;
export const distributeResultSchema = z.object({ distributedTo: z.number().int().min(0) });

const questionStatsBase = {
  questionId: idSchema,
  label: z.string(),
  /** Responses that were asked this question (ext): all of them unless a condition hid it. */
  asked: z.number().int().min(0).optional(),
  answered: z.number().int().min(0),
  /** Asked and left unanswered. */
  skipped: z.number().int().min(0),
};

const numericStats = {
  mean: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  distribution: z.array(z.object({ value: z.number(), count: z.number().int() })),
};

export const npsSchema = z.object({
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  score: z.number(),
});

export const questionAnalyticsSchema = z.discriminatedUnion('type', [
  z.object({
    ...questionStatsBase,
    type: z.enum(CHOICE_TYPES),
    options: z.array(z.object({ option: z.string(), count: z.number().int(), percent: z.number() })),
  }),
  z.object({ ...questionStatsBase, type: z.enum(['NUMBER', 'RATING']), ...numericStats }),
  z.object({ ...questionStatsBase, type: z.literal('SCALE'), ...numericStats, nps: npsSchema.optional() }),
  z.object({ ...questionStatsBase, type: z.literal('YES_NO'), yes: z.number().int(), no: z.number().int() }),
  z.object({
    ...questionStatsBase,
    type: z.enum(['TEXT', 'TEXTAREA']),
    recent: z.array(z.string()),
    topWords: z.array(z.object({ word: z.string(), count: z.number().int() })),
  }),
  z.object({
    ...questionStatsBase,
    type: z.literal('DATE'),
    earliest: isoDateSchema.nullable(),
    latest: isoDateSchema.nullable(),
    /** The answers by month (an extension; absent from a service without it). */
    byMonth: z.array(z.object({ month: z.string(), count: z.number().int() })).optional(),
  }),
]);
export type QuestionAnalytics = z.infer<typeof questionAnalyticsSchema>;

export const formAnalyticsSchema = z.object({
  formId: idSchema,
  responseCount: z.number().int().min(0),
  distributedCount: z.number().int().min(0),
  completionRate: z.number().nullable(),
  responsesByDay: z.array(z.object({ date: isoDateSchema, count: z.number().int() })),
  questions: z.array(questionAnalyticsSchema),
});
export type FormAnalytics = z.infer<typeof formAnalyticsSchema>;

import { z } from 'zod';
import {
  dateTimeInputSchema,
  idSchema,
  isoDateTimeSchema,
  listOf,
  pagedQuerySchema,
  recordFields,
  sortOrderSchemaDefaultAsc,
} from './common';
import { trainingOutcomeSchema, trainingStatusSchema } from './enums';

const amount = z.number().min(0).max(1e9);

/** The create body: name, typeId, categoryId and startDate required (docs/service.md, Trainings). */
export const trainingFieldsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  typeId: idSchema,
  categoryId: idSchema,
  startDate: dateTimeInputSchema,
  endDate: dateTimeInputSchema.nullable().optional(),
  expiryDate: dateTimeInputSchema.nullable().optional(),
  providerId: idSchema.nullable().optional(),
  cost: amount.nullable().optional(),
  notes: z.string().max(5000).nullable().optional(),
  structuredUnits: amount.nullable().optional(),
  unstructuredUnits: amount.nullable().optional(),
  hours: amount.nullable().optional(),
});

/** The create body; the rulebook adds the order of its dates (`trainingCreateSchema` in rules/trainingRules). */
export const trainingCreateFieldsSchema = trainingFieldsSchema.extend({ userId: idSchema.optional() });
export type TrainingCreate = z.infer<typeof trainingCreateFieldsSchema>;
/** PUT takes the create fields, partially. */
export type TrainingUpdate = Partial<z.infer<typeof trainingFieldsSchema>>;

export const trainingPatchSchema = z
  .object({ status: trainingStatusSchema.optional(), outcome: trainingOutcomeSchema.optional() })
  .refine((p) => p.status !== undefined || p.outcome !== undefined, {
    message: 'Choose a status, an outcome or both',
  });
export type TrainingPatch = z.infer<typeof trainingPatchSchema>;

export const trainingSchema = z.object({
  ...recordFields,
  userId: idSchema,
  name: z.string(),
  typeId: idSchema,
  categoryId: idSchema,
  providerId: idSchema.nullable(),
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema.nullable(),
  expiryDate: isoDateTimeSchema.nullable(),
  cost: z.number().nullable(),
  notes: z.string().nullable(),
  structuredUnits: z.number().nullable(),
  unstructuredUnits: z.number().nullable(),
  hours: z.number().nullable(),
  status: trainingStatusSchema,
  outcome: trainingOutcomeSchema,
});
export type Training = z.infer<typeof trainingSchema>;
export const trainingListSchema = listOf(trainingSchema);

export const trainingSortFields = ['name', 'startDate', 'endDate', 'expiryDate', 'createdAt', 'cost', 'hours'] as const;
export type TrainingSortField = (typeof trainingSortFields)[number];
/** The column each sort field orders by: the same in the service's table and in the app's cache. */
export const TRAINING_SORT_COLUMNS: Readonly<Record<TrainingSortField, string>> = {
  name: 'name',
  startDate: 'start_date',
  endDate: 'end_date',
  expiryDate: 'expiry_date',
  createdAt: 'created_at',
  cost: 'cost',
  hours: 'hours',
};

export const trainingListQuerySchema = pagedQuerySchema({
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(trainingSortFields).default('name'),
  sortOrder: sortOrderSchemaDefaultAsc,
  status: trainingStatusSchema.optional(),
  userId: idSchema.optional(),
});
export type TrainingListQuery = z.infer<typeof trainingListQuerySchema>;

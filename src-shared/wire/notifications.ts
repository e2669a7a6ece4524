import type { MessageRef } from '../i18n/format';
import { z } from 'zod';
import { booleanQuerySchema, idSchema, isoDateTimeSchema, listMetaSchema, recordFields } from './common';
import { notificationTypeSchema } from './enums';

/** A catalog message and its values; a value may be another message (a leave type's name). */
const messageRefSchema: z.ZodType<MessageRef> = z.object({
  id: z.string(),
  values: z.record(z.string(), z.unknown()).optional(),
}) as z.ZodType<MessageRef>;

export const notificationSchema = z.object({
  ...recordFields,
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  readAt: isoDateTimeSchema.nullable(),
  data: z.object({
    leaveId: idSchema.optional(),
    formId: idSchema.optional(),
    trainingId: idSchema.optional(),
    /** Its title and body as catalog messages with their values (ext): each reader reads them in their language. */
    words: z.object({ title: messageRefSchema, body: messageRefSchema }).optional(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const MAX_NOTIFICATION_LIMIT = 100;

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Expected a whole number' })
    .int('Expected a whole number')
    .min(1, 'Must be at least 1')
    .default(10)
    .transform((n) => Math.min(n, MAX_NOTIFICATION_LIMIT)),
  unreadOnly: booleanQuerySchema.optional(),
});

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  meta: listMetaSchema.extend({ unreadCount: z.number().int().min(0) }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const readAllResultSchema = z.object({ updated: z.number().int().min(0) });

import { z } from 'zod';

export const roleSchema = z.enum(['USER', 'MANAGER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const leaveTypeSchema = z.enum(['ANNUAL', 'SICK', 'UNPAID', 'MATERNITY', 'PATERNITY', 'BEREAVEMENT', 'OTHER']);
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const leaveStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type LeaveStatus = z.infer<typeof leaveStatusSchema>;

/** The decisions a reviewer can take on a PENDING request. */
export const leaveDecisionSchema = z.enum(['APPROVED', 'REJECTED']);
export type LeaveDecision = z.infer<typeof leaveDecisionSchema>;

export const trainingStatusSchema = z.enum(['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']);
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

export const trainingOutcomeSchema = z.enum(['PENDING', 'PASSED', 'FAILED', 'NOT_APPLICABLE']);
export type TrainingOutcome = z.infer<typeof trainingOutcomeSchema>;

export const formStatusSchema = z.enum(['DRAFT', 'PUBLISHED', 'CLOSED']);
export type FormStatus = z.infer<typeof formStatusSchema>;

export const questionTypeSchema = z.enum([
  'TEXT',
  'TEXTAREA',
  'NUMBER',
  'DATE',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'RATING',
  'SCALE',
  'YES_NO',
]);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const notificationTypeSchema = z.enum([
  'LEAVE_SUBMITTED',
  'LEAVE_APPROVED',
  'LEAVE_REJECTED',
  'FORM_ASSIGNED',
  'TRAINING_EXPIRING',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

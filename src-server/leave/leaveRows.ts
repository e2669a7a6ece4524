import { leaveStatusSchema, leaveTypeSchema, type Leave } from '../../src-shared/wire';

export interface LeaveRow {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  type: string;
  notes: string | null;
  status: string;
  days: number;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_comment: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export const LEAVE_COLUMNS = `id, user_id, start_date, end_date, type, notes, status, days, reviewed_by,
  reviewed_at, review_comment, created_at, updated_at, version`;

export function toLeave(row: LeaveRow): Leave {
  return {
    id: row.id,
    userId: row.user_id,
    startDate: row.start_date,
    endDate: row.end_date,
    type: leaveTypeSchema.parse(row.type),
    notes: row.notes,
    status: leaveStatusSchema.parse(row.status),
    days: row.days,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    reviewComment: row.review_comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';
import type { SeededRandom } from './random';
import type { Parental } from './people';
import type { PersonWeek } from '@shared/wire';

export interface SeededUser {
  id: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  email: string;
  departmentId: string;
  managerId: string | null;
  nationality: string;
  role: 'USER' | 'MANAGER' | 'ADMIN';
  /** The parental leave this person would take. */
  parental: Parental;
  /** A first day of employment in this leave year (a joiner): no leave before it. */
  joinedOn?: string;
  /** A part-timer's own working week. */
  workingWeek?: PersonWeek;
}

/** What the generators of demo records share. */
export interface WorkloadContext {
  engine: Engine;
  /** The organization's scope: every row goes through its domain's store. */
  tenant: TenantDb;
  random: SeededRandom;
  organizationId: string;
  users: SeededUser[];
  today: string;
  /** Now, as an ISO instant: no record may claim a time after it. */
  now: string;
  adminId: string;
}

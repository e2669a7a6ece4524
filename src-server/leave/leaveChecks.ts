import { z } from 'zod';
import type { Leave } from '@shared/wire';
import { notPendingRef } from '@shared/rules';
import type { Caller } from '../access/scope';
import type { TenantDb } from '../db/tenantDb';
import { defineMessage } from '@formatjs/intl';
import { conflict, forbidden, notFound, ref } from '../http/problem';

const M = {
  ownerOnly: defineMessage({
    id: 'service.leave.ownerOnly',
    defaultMessage: 'Only the person who asked for this leave may change it',
  }),
  notOwnRequest: defineMessage({
    id: 'service.leave.notOwnRequest',
    defaultMessage: 'You cannot approve or reject your own request',
  }),
  reviewerOnly: defineMessage({
    id: 'service.leave.reviewerOnly',
    defaultMessage: "Only this person's manager or an admin can decide this request",
  }),
};
import { findPerson, type PersonRecord } from '../users/userStore';
import { findLeave, type LeaveFilter } from './leaveStore';

// Who may do what to a leave request: the owner changes or withdraws it while it waits, its
// manager or an admin decides it.

export const idParams = z.object({ id: z.string().min(1) });

export interface Owned {
  leave: Leave;
  owner: PersonRecord;
}

/** The request if it is in the organization (else 404), with its owner. */
export async function loadLeave(tenant: TenantDb, id: string): Promise<Owned> {
  const leave = await findLeave(tenant, id);
  const owner = leave && (await findPerson(tenant, leave.userId));
  if (!leave || !owner) throw notFound('leaveRequest');
  return { leave, owner };
}

export function requireOwner(caller: Caller, leave: Leave): void {
  if (leave.userId !== caller.userId) throw forbidden(ref(M.ownerOnly));
}

export function requirePending(leave: Leave, action: 'changed' | 'withdrawn' | 'decided'): void {
  const message = notPendingRef(leave.status, action);
  if (message) throw conflict(message);
}

/** The owner's manager or an ADMIN may decide; nobody decides their own request. */
export function requireReviewer(caller: Caller, owner: PersonRecord): void {
  if (owner.id === caller.userId) throw forbidden(ref(M.notOwnRequest));
  if (caller.role === 'ADMIN') return;
  if (caller.role === 'MANAGER' && owner.managerId === caller.userId) return;
  throw forbidden(ref(M.reviewerOnly));
}

/** The requests a caller may decide, or null when they may decide none. */
export function decidable(caller: Caller): LeaveFilter | null {
  if (caller.role === 'ADMIN') return { notOf: caller.userId };
  if (caller.role === 'MANAGER') return { reportsTo: caller.userId };
  return null;
}

import { defineMessage } from '@formatjs/intl';
import type { AllocationCreate, LeavePolicy, LeavePolicyUpdate } from '@shared/wire';
import { completePolicy } from '@shared/rules';
import { changeKind, WHAT_I_DID } from '../sync/changeKind';

// The queued changes of leave balances: an allowance adjusted, the leave policy changed.

export const balanceChanges = {
  'leave.allocate': changeKind<AllocationCreate, 'allocations'>({
    entity: 'allocations',
    name: defineMessage({ id: 'core.change.leave.allocate', defaultMessage: 'Balance adjustment' }),
    apply: (_r, op, actor) => ({
      id: op.entityId!,
      ...op.payload,
      createdBy: actor.userId,
      createdAt: op.createdAt,
      updatedAt: op.createdAt,
      version: 0,
    }),
    request: (op) => ({ method: 'POST', path: 'api/leave/allocations', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.adjustment,
    editable: false,
  }),
  'leave.setPolicy': changeKind<LeavePolicyUpdate, 'leave_policy'>({
    entity: 'leave_policy',
    name: defineMessage({ id: 'core.change.leave.setPolicy', defaultMessage: 'Change to the leave policy' }),
    apply: (r, op) => {
      if (!r) return null;
      const byType = new Map(r.types.map((t) => [t.type, t]));
      for (const t of op.payload.types ?? []) byType.set(t.type, t);
      const given = Object.fromEntries(
        // A field sent as undefined leaves the policy's own.
        Object.entries(op.payload as Record<string, unknown>).filter(([k, v]) => k !== 'types' && v !== undefined),
      ) as Partial<LeavePolicy>;
      return { ...completePolicy({ ...r, ...given, types: [...byType.values()] }), id: r.id, updatedAt: op.createdAt };
    },
    request: (op) => ({ method: 'PUT', path: 'api/leave/policy', json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    role: 'update',
    whatIDid: WHAT_I_DID.change,
    editable: false,
  }),
};

import type { FastifyInstance } from 'fastify';
import { utcToday } from '@shared/calendar/dates';
import { allocationCreateSchema, completePolicy, leaveYearOf, leaveYearRange } from '@shared/rules';
import { balancesOf } from '@shared/holidays/leaveBalances';
import { weekOf } from '@shared/holidays/workingDays';
import {
  allocationListQuerySchema,
  balanceQuerySchema,
  leavePolicyUpdateSchema,
  type Allocation,
  type Balances,
  type LeavePolicy,
  allocationListSchema,
  allocationSchema,
  balancesSchema,
  leavePolicySchema,
} from '@shared/wire';
import { inScope, listScope, requireRole, type Caller } from '../access/scope';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { checkIfMatch, sendRecord } from '../http/etag';
import { defineMessage } from '@formatjs/intl';
import { forbidden, notFound, ref } from '../http/problem';

const M = {
  adminsOnly: defineMessage({
    id: 'service.balances.adminsOnly',
    defaultMessage: 'The leave policy lets only admins adjust balances',
  }),
  adjusters: defineMessage({
    id: 'service.balances.adjusters',
    defaultMessage: "Only an admin or this person's manager can adjust their balance",
  }),
};
import { parseInput } from '../http/validate';
import { findPerson, type PersonRecord } from '../users/userStore';
import { allocationPage, balanceInputs, insertAllocation, readPolicy, writePolicy } from './balanceStore';
import { bodies } from '../http/examples';

// Leave policy, allowance adjustments and balances (ext; docs/service.md, Leave balances).

/** A person whose balance the caller may read: themself, a report, anyone for an admin; else 404. */
async function personInScope(tenant: TenantDb, caller: Caller, userId: string): Promise<PersonRecord> {
  const person = await findPerson(tenant, userId);
  if (!person || !inScope(caller, person)) throw notFound('user');
  return person;
}

/** An admin adjusts anyone's allowance; a manager their reports' when the policy lets them. */
function requireAdjuster(caller: Caller, person: PersonRecord, policy: LeavePolicy): void {
  if (caller.role === 'ADMIN') return;
  if (caller.role === 'MANAGER' && person.managerId === caller.userId && policy.managersMayAdjust) return;
  throw forbidden(
    caller.role === 'MANAGER' && person.managerId === caller.userId ? ref(M.adminsOnly) : ref(M.adjusters),
  );
}

export function registerBalanceRoutes(app: FastifyInstance): void {
  const now = () => app.hr.clock.now();

  app.get(
    '/api/leave/policy',
    { schema: { summary: "The organization's leave policy", response: { 200: leavePolicySchema } } },
    async (request, reply) => sendRecord(reply, await readPolicy(request.tenant)),
  );

  app.put(
    '/api/leave/policy',
    {
      config: { ifMatch: true },
      schema: {
        summary: 'Set the leave policy (ADMIN)',
        response: { 200: leavePolicySchema },
        body: bodies.leavePolicy,
      },
    },
    async (request, reply) => {
      requireRole(request.caller, 'ADMIN');
      const body = parseInput(leavePolicyUpdateSchema, request.body, 'body');
      const { tenant } = request;
      const saved = await tenant.transaction(async () => {
        const current = await readPolicy(tenant);
        checkIfMatch(request, current, current);
        const byType = new Map(current.types.map((t) => [t.type, t]));
        for (const t of body.types ?? []) byType.set(t.type, t);
        const next = completePolicy({
          ...current,
          ...Object.fromEntries(
            Object.entries(body as Record<string, unknown>).filter(([k, v]) => k !== 'types' && v !== undefined),
          ),
          types: [...byType.values()],
          updatedAt: now().toISOString(),
          version: current.version + 1,
        });
        await writePolicy(tenant, { ...next, updatedAt: next.updatedAt! });
        return next;
      });
      return sendRecord(reply, saved);
    },
  );

  app.get(
    '/api/leave/allocations',
    {
      schema: {
        summary: 'Allowance adjustments, paged',
        response: { 200: allocationListSchema },
        querystring: allocationListQuerySchema,
      },
    },
    async (request) => {
      const q = parseInput(allocationListQuerySchema, request.query, 'query');
      const { tenant, caller } = request;
      if (q.userId) await personInScope(tenant, caller, q.userId);
      const whose = q.userId ? { userId: q.userId } : { scope: listScope(caller) };
      return allocationPage(tenant, { ...whose, year: q.year }, q);
    },
  );

  app.post(
    '/api/leave/allocations',
    {
      schema: {
        summary: "Adjust a person's allowance with a reason (ADMIN)",
        response: { 201: allocationSchema },
        body: bodies.allocation,
      },
    },
    async (request, reply) => {
      const body = parseInput(allocationCreateSchema, request.body, 'body');
      const { tenant, caller } = request;
      const at = now().toISOString();
      const allocation: Allocation = {
        id: newId(),
        ...body,
        createdBy: caller.userId,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      await tenant.transaction(async () => {
        const person = await personInScope(tenant, caller, body.userId);
        requireAdjuster(caller, person, await readPolicy(tenant));
        await insertAllocation(tenant, allocation);
      });
      reply.code(201);
      return sendRecord(reply, allocation);
    },
  );

  app.get(
    '/api/leave/balances',
    {
      schema: {
        summary: 'Leave balances the caller may see',
        response: { 200: balancesSchema },
        querystring: balanceQuerySchema,
      },
    },
    async (request): Promise<Balances> => {
      const q = parseInput(balanceQuerySchema, request.query, 'query');
      const { tenant, caller } = request;
      const userId = q.userId ?? caller.userId;
      return tenant.transaction(async () => {
        const person = await personInScope(tenant, caller, userId);
        const policy = await readPolicy(tenant);
        const today = utcToday(now());
        const year = q.year ?? leaveYearOf(today, policy);
        const { leave, allocations } = await balanceInputs(tenant, userId, leaveYearRange(year, policy));
        const balances = balancesOf(year, {
          person: { ...person, week: weekOf(person, policy) },
          policy,
          today,
          leave,
          allocations,
        });
        return { userId, year, ...leaveYearRange(year, policy), balances };
      });
    },
  );
}

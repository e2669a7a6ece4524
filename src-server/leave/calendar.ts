import type { FastifyInstance } from 'fastify';
import { dateOnly, dateToDateTime } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { calendarQuerySchema } from '@shared/rules';
import { type Calendar, type Holiday, type Leave, type LeaveType, calendarSchema } from '@shared/wire';
import { inScope, listScope } from '../access/scope';
import { parseInput } from '../http/validate';
import { calendarPeople } from '../users/userStore';
import { leaveOfPeople } from './leaveStore';

/** Types that say something about a colleague's health or family: shown as OTHER outside one's scope. */
export const PRIVATE_TYPES = new Set<LeaveType>(['SICK', 'MATERNITY', 'PATERNITY', 'BEREAVEMENT']);

/**
 * A request as a calendar shows it to someone: whole within their scope; outside it approved only,
 * without notes or comment, a private type as OTHER; null when not shown at all.
 */
export function asShownTo(inCallerScope: boolean, leave: Leave): Leave | null {
  if (inCallerScope) return leave;
  if (leave.status !== 'APPROVED') return null;
  return {
    ...leave,
    notes: null,
    reviewComment: null,
    type: PRIVATE_TYPES.has(leave.type) ? 'OTHER' : leave.type,
  };
}

/**
 * The team calendar (docs/service.md, Calendar): the caller's department plus everyone in their scope,
 * each with their leave and the public holidays of their nationality. Colleagues outside the
 * scope show only APPROVED leave, without notes, with private types shown as OTHER.
 */
export function registerCalendarRoute(app: FastifyInstance): void {
  app.get(
    '/api/leave/calendar',
    {
      schema: {
        summary: 'Who is away when, for the wall chart',
        response: { 200: calendarSchema },
        querystring: calendarQuerySchema,
      },
    },
    async (request): Promise<Calendar> => {
      const q = parseInput(calendarQuerySchema, request.query, 'query');
      const { tenant, caller } = request;
      const start = dateOnly(q.startDate);
      const end = dateOnly(q.endDate);

      return tenant.transaction(async () => {
        const users = await calendarPeople(tenant, listScope(caller), q.departmentId, start);
        const visible = new Map(users.map((u) => [u.id, inScope(caller, { id: u.id, managerId: u.managerId })]));
        const asked = q.leaveOf === 'outsideScope' ? users.filter((u) => !visible.get(u.id)) : users;
        const leaveRows = asked.length
          ? await leaveOfPeople(
              tenant,
              asked.map((u) => u.id),
              dateToDateTime(start),
              dateToDateTime(end),
            )
          : [];

        const byUser = new Map<string, Leave[]>(users.map((u) => [u.id, []]));
        for (const row of leaveRows) {
          const leave = asShownTo(visible.get(row.userId)!, row);
          if (!leave) continue;
          if (q.types && !q.types.includes(leave.type)) continue;
          byUser.get(leave.userId)!.push(leave);
        }

        const holidays = new Map<string, Holiday[]>();
        const holidaysOf = (country: string) => {
          let list = holidays.get(country);
          if (!list) holidays.set(country, (list = publicHolidaysBetween(country, start, end)));
          return list;
        };

        return {
          range: { startDate: start, endDate: end },
          users: users.map(({ managerId: _, ...user }) => ({
            user,
            leave: byUser.get(user.id)!,
            holidays: holidaysOf(user.nationality),
          })),
        };
      });
    },
  );
}

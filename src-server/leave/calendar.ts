import type { FastifyInstance } from 'fastify';
import { dateOnly, dateToDateTime } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { calendarQuerySchema } from '@shared/rules';
import { type Calendar, type Holiday, type Leave, type LeaveType, calendarSchema } from '@shared/wire';
import { inScope, scopeCondition } from '../access/scope';
import { parseInput } from '../http/validate';
import { LEAVE_COLUMNS, toLeave, type LeaveRow } from './leaveStore';

/** Types that say something about a colleague's health or family: shown as OTHER outside one's scope. */
const PRIVATE_TYPES = new Set<LeaveType>(['SICK', 'MATERNITY', 'PATERNITY', 'BEREAVEMENT']);

interface CalendarUserRow {
  id: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  nationality: string;
  managerId: string | null;
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

      const scope = scopeCondition(caller, 'id');
      return tenant.transaction(async () => {
        const users = await tenant.all<CalendarUserRow>(
          `SELECT id, first_name AS firstName, last_name AS lastName, department_id AS departmentId, nationality,
           manager_id AS managerId
         FROM users
         WHERE organization_id = :org
           AND (department_id = (SELECT department_id FROM users WHERE organization_id = :org AND id = :scopeUserId)
                OR ${scope.sql})
           ${q.departmentId ? 'AND department_id = :departmentId' : ''}
         ORDER BY last_name, first_name, id`,
          { ...scope.params, departmentId: q.departmentId },
        );
        const leaveRows = await tenant.all<LeaveRow>(
          // CROSS JOIN keeps the shown people as the outer loop: one index search per person.
          `SELECT ${LEAVE_COLUMNS.split(',')
            .map((c) => `l.${c.trim()}`)
            .join(', ')}
         FROM json_each(:ids) AS shown CROSS JOIN leave_requests AS l
         WHERE l.organization_id = :org AND l.user_id = shown.value
           AND l.status IN ('PENDING', 'APPROVED') AND l.start_date <= :end AND l.end_date >= :start
         ORDER BY l.start_date, l.id`,
          { ids: JSON.stringify(users.map((u) => u.id)), start: dateToDateTime(start), end: dateToDateTime(end) },
        );

        const byUser = new Map<string, Leave[]>(users.map((u) => [u.id, []]));
        const visible = new Map(users.map((u) => [u.id, inScope(caller, { id: u.id, managerId: u.managerId })]));
        for (const row of leaveRows) {
          let leave = toLeave(row);
          if (!visible.get(leave.userId)) {
            if (leave.status !== 'APPROVED') continue;
            leave = {
              ...leave,
              notes: null,
              reviewComment: null,
              type: PRIVATE_TYPES.has(leave.type) ? 'OTHER' : leave.type,
            };
          }
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

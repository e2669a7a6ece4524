import type { EventAttributes } from 'ics';
import { addMonths, dateToDateTime } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { hasLeft } from '@shared/rules';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import { calendarText, holidayEvent, leaveEvent } from '../../src-node/ical/leaveEvents';
import { hasRole, highestRole, inScope, listScope, type Caller } from '../access/scope';
import { findDepartment } from '../departments/departmentStore';
import type { TenantDb } from '../db/tenantDb';
import { readPolicy } from '../leave/balanceStore';
import { asShownTo } from '../leave/calendar';
import { leaveOfPeople } from '../leave/leaveStore';
import { calendarPeople, findUserRow, toUser, type CalendarPerson } from '../users/userStore';
import type { PolledFeed } from './feedStore';

/** How far a feed reaches: leave of the last 3 months and the next 12. */
export const FEED_MONTHS_BACK = 3;
export const FEED_MONTHS_AHEAD = 12;

/**
 * A feed's calendar as it stands today, under the calendar's privacy rules: the owner's scope sees
 * each request whole (pending too when the feed asks), others see approved leave only, a private
 * type as "Away", never notes. Null when the feed no longer answers: its owner left, or lost what
 * its scope needs (a team needs a manager, a department needs one to be in).
 */
export async function feedCalendar(tenant: TenantDb, feed: PolledFeed, today: string): Promise<string | null> {
  const row = await findUserRow(tenant, feed.userId);
  if (!row) return null;
  const owner = toUser(row);
  if (owner.status === 'LEFT' || hasLeft(owner.endDate, today)) return null;
  const caller: Caller = {
    userId: owner.id,
    organizationId: feed.organizationId,
    email: owner.email,
    roles: owner.roles,
    role: highestRole(owner.roles),
  };
  const from = addMonths(today, -FEED_MONTHS_BACK);
  const to = addMonths(today, FEED_MONTHS_AHEAD);
  let people: CalendarPerson[];
  let calName: string;
  if (feed.scope === 'ME') {
    people = [{ ...owner, workingWeek: owner.workingWeek ?? null }];
    calName = 'My leave';
  } else if (feed.scope === 'TEAM') {
    if (!hasRole(caller, 'MANAGER')) return null;
    people = await calendarPeople(tenant, listScope(caller), undefined, from);
    calName = caller.role === 'ADMIN' ? 'Leave in the organization' : 'My team’s leave';
  } else {
    const department = owner.departmentId ? await findDepartment(tenant, owner.departmentId) : undefined;
    if (!department) return null;
    people = await calendarPeople(tenant, listScope(caller), department.id, from);
    calName = `Leave in ${department.name}`;
  }
  const byId = new Map(people.map((p) => [p.id, p]));
  const leave = await leaveOfPeople(tenant, [...byId.keys()], dateToDateTime(from), dateToDateTime(to));
  const { middayAt } = await readPolicy(tenant);
  const events: EventAttributes[] = [];
  for (const row of leave) {
    const person = byId.get(row.userId)!;
    const seen = inScope(caller, person);
    const shown = asShownTo(seen, row);
    if (!shown || (shown.status === 'PENDING' && !feed.includePending)) continue;
    const what = !seen && shown.type === 'OTHER' ? 'Away' : LEAVE_TYPE_NAMES[shown.type];
    const pending = shown.status === 'PENDING' ? ' (pending)' : '';
    events.push(
      leaveEvent(
        shown,
        {
          title:
            feed.scope === 'ME' ? `${what}${pending}` : `${person.firstName} ${person.lastName}: ${what}${pending}`,
          description: seen
            ? `${what}, ${shown.days} working day${shown.days === 1 ? '' : 's'}${pending}`
            : `${person.firstName} ${person.lastName} is away`,
          category: what,
        },
        middayAt,
      ),
    );
  }
  if (feed.scope === 'ME') {
    for (const h of publicHolidaysBetween(owner.nationality, from, to)) events.push(holidayEvent(h, owner.nationality));
  }
  const written = calendarText(events, { productId: 'hr-offline/calendar-feed', calName });
  if ('error' in written) throw new Error(`A calendar feed could not be written: ${written.error}`);
  return written.text;
}

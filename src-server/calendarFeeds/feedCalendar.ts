import { defineMessage } from '@formatjs/intl';
import type { EventAttributes } from 'ics';
import { addMonths, dateToDateTime } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { hasLeft } from '@shared/rules';
import { say } from '@shared/i18n/format';
import { LEAVE_TYPE_NAME } from '@shared/i18n/sharedMessages';
import { calendarText, holidayEvent, leaveEvent } from '../../src-node/ical/leaveEvents';
import { hasRole, highestRole, inScope, listScope, type Caller } from '../access/scope';
import { findDepartment } from '../departments/departmentStore';
import type { TenantDb } from '../db/tenantDb';
import { readPolicy } from '../leave/balanceStore';
import { asShownTo } from '../leave/calendar';
import { leaveOfPeople } from '../leave/leaveStore';
import { calendarPeople, findUserRow, toUser, type CalendarPerson } from '../users/userStore';
import type { PolledFeed } from './feedStore';
import { formatIn } from '../i18n/language';
import { readLocale } from '../users/userStore';

// A feed's words, in its owner's language (the one the app last told the service): who subscribes
// reads them in their calendar. Names, and holidays' names, are as they are.
const M = {
  calendarName: defineMessage<{ scope: 'me' | 'organization' | 'team' | 'department'; department: string }>({
    id: 'service.feeds.calendarName',
    defaultMessage:
      '{scope, select, me {My leave} organization {Leave in the organization} team {My team’s leave} other {Leave in {department}}}',
  }),
  away: defineMessage({ id: 'service.feeds.away', defaultMessage: 'Away' }),
  ownTitle: defineMessage<{ what: string; pending: 'yes' | 'no' }>({
    id: 'service.feeds.ownTitle',
    defaultMessage: '{pending, select, yes {{what} (pending)} other {{what}}}',
  }),
  personTitle: defineMessage<{ person: string; what: string; pending: 'yes' | 'no' }>({
    id: 'service.feeds.personTitle',
    defaultMessage: '{pending, select, yes {{person}: {what} (pending)} other {{person}: {what}}}',
  }),
  description: defineMessage<{ what: string; days: number; pending: 'yes' | 'no' }>({
    id: 'service.feeds.description',
    defaultMessage:
      '{pending, select, yes {{what}, {days, plural, one {# working day} other {# working days}} (pending)} other {{what}, {days, plural, one {# working day} other {# working days}}}}',
  }),
  personAway: defineMessage<{ person: string }>({ id: 'service.feeds.personAway', defaultMessage: '{person} is away' }),
  holiday: defineMessage<{ name: string }>({ id: 'service.feeds.holiday', defaultMessage: 'Public holiday: {name}' }),
  holidays: defineMessage({ id: 'service.feeds.holidays', defaultMessage: 'Public holiday' }),
};

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
  const format = formatIn(await readLocale(tenant, owner.id));
  const from = addMonths(today, -FEED_MONTHS_BACK);
  const to = addMonths(today, FEED_MONTHS_AHEAD);
  let people: CalendarPerson[];
  let calName: string;
  if (feed.scope === 'ME') {
    people = [{ ...owner, workingWeek: owner.workingWeek ?? null }];
    calName = format(M.calendarName.id, { scope: 'me', department: '' });
  } else if (feed.scope === 'TEAM') {
    if (!hasRole(caller, 'MANAGER')) return null;
    people = await calendarPeople(tenant, listScope(caller), undefined, from);
    calName = format(M.calendarName.id, { scope: caller.role === 'ADMIN' ? 'organization' : 'team', department: '' });
  } else {
    const department = owner.departmentId ? await findDepartment(tenant, owner.departmentId) : undefined;
    if (!department) return null;
    people = await calendarPeople(tenant, listScope(caller), department.id, from);
    calName = format(M.calendarName.id, { scope: 'department', department: department.name });
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
    const what =
      !seen && shown.type === 'OTHER'
        ? format(M.away.id)
        : say(format, { id: LEAVE_TYPE_NAME.id, values: { type: shown.type } });
    const pending = shown.status === 'PENDING' ? 'yes' : 'no';
    const name = `${person.firstName} ${person.lastName}`;
    events.push(
      leaveEvent(
        shown,
        {
          title:
            feed.scope === 'ME'
              ? format(M.ownTitle.id, { what, pending })
              : format(M.personTitle.id, { person: name, what, pending }),
          description: seen
            ? format(M.description.id, { what, days: shown.days, pending })
            : format(M.personAway.id, { person: name }),
          category: what,
        },
        middayAt,
      ),
    );
  }
  if (feed.scope === 'ME') {
    for (const h of publicHolidaysBetween(owner.nationality, from, to))
      events.push(
        holidayEvent(h, owner.nationality, {
          title: format(M.holiday.id, { name: h.name }),
          category: format(M.holidays.id),
        }),
      );
  }
  const written = calendarText(events, { productId: 'hr-offline/calendar-feed', calName });
  if ('error' in written) throw new Error(`A calendar feed could not be written: ${written.error}`);
  return written.text;
}

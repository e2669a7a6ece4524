import { defineMessage, useIntl } from 'react-intl';
import { addDays, dateOnly, utcToday, weekday } from '@shared/calendar/dates';
import { LEAVE_TYPE_NAME } from '@shared/i18n/sharedMessages';
import { shortRangeText } from '@renderer/i18n/dates';
import { useAppQuery } from '@renderer/state/useAppQuery';

const MESSAGES = {
  notAway: defineMessage<{ name: string }>({
    id: 'people.away.none',
    defaultMessage: '{name} is not away this week.',
  }),
  away: defineMessage<{ leave: string }>({ id: 'people.away.list', defaultMessage: 'Away this week: {leave}.' }),
  leave: defineMessage<{ leaveType: string; pending: 'yes' | 'no'; days: string }>({
    id: 'people.away.leave',
    defaultMessage: '{leaveType}{pending, select, yes { (pending)} other {}}, {days}',
  }),
};

/**
 * Whether a person is away this week, from the team calendar this computer holds: what its privacy
 * rules let this person see of them (the type of someone else's health leave is not shown there).
 */
export function AwayThisWeek({ id, name }: { id: string; name: string }) {
  const intl = useIntl();
  const today = utcToday(new Date());
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const sunday = addDays(monday, 6);
  const week = useAppQuery('calendar.range', { startDate: monday, endDate: sunday, search: name });
  if (!week.data) return null;
  const row = week.data.users.find((u) => u.user.id === id);
  // Not in the calendar this computer holds (another team, for a manager): nothing to say.
  if (!row) return null;
  const away = row.leave.filter((l) => l.status === 'APPROVED' || l.status === 'PENDING');
  return (
    <p className="people-away">
      {away.length === 0
        ? intl.formatMessage(MESSAGES.notAway, { name })
        : intl.formatMessage(MESSAGES.away, {
            leave: away
              .map((l) => {
                const start = dateOnly(l.startDate) < monday ? monday : dateOnly(l.startDate);
                const end = dateOnly(l.endDate) > sunday ? sunday : dateOnly(l.endDate);
                const days = shortRangeText(intl, start, end);
                return intl.formatMessage(MESSAGES.leave, {
                  leaveType: intl.formatMessage(LEAVE_TYPE_NAME, { type: l.type }),
                  pending: l.status === 'PENDING' ? 'yes' : 'no',
                  days,
                });
              })
              .join('; '),
          })}
    </p>
  );
}

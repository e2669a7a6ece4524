import { defineMessages } from 'react-intl';
import type { View } from '@shared/appApi';

/** Each view's name, as the menu, the window's title and its loading state say it. */
export const VIEW_MESSAGES = defineMessages({
  leave: { id: 'view.leave', defaultMessage: 'Leave' },
  approvals: { id: 'view.approvals', defaultMessage: 'Approvals' },
  calendar: { id: 'view.calendar', defaultMessage: 'Calendar' },
  people: { id: 'view.people', defaultMessage: 'People' },
  trainings: { id: 'view.trainings', defaultMessage: 'Trainings' },
  forms: { id: 'view.forms', defaultMessage: 'Forms' },
  notifications: { id: 'view.notifications', defaultMessage: 'Notifications' },
}) satisfies Record<View, unknown>;

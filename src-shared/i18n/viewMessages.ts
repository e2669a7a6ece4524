import { defineMessages } from '@formatjs/intl';
import type { View } from '../appApi/views';

/** Each view's name: its link in the navigation, its heading, the window's title, its desktop menu item. */
export const VIEW_MESSAGES = defineMessages({
  leave: { id: 'view.leave', defaultMessage: 'Leave' },
  approvals: { id: 'view.approvals', defaultMessage: 'Approvals' },
  calendar: { id: 'view.calendar', defaultMessage: 'Calendar' },
  people: { id: 'view.people', defaultMessage: 'People' },
  trainings: { id: 'view.trainings', defaultMessage: 'Trainings' },
  forms: { id: 'view.forms', defaultMessage: 'Forms' },
  notifications: { id: 'view.notifications', defaultMessage: 'Notifications' },
}) satisfies Record<View, unknown>;

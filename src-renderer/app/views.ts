import type { View } from '../state/route';

/** Each view's name: its link in the navigation, its heading, and the window's title. */
export const VIEW_NAMES: Record<View, string> = {
  leave: 'Leave',
  approvals: 'Approvals',
  calendar: 'Calendar',
  trainings: 'Trainings',
  forms: 'Forms',
  notifications: 'Notifications',
};

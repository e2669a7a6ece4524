/** The app's views in the navigation's order: the renderer's routes and the desktop menu's View items. */
export const VIEWS = ['leave', 'approvals', 'calendar', 'people', 'trainings', 'forms', 'notifications'] as const;
export type View = (typeof VIEWS)[number];

/** Each view's name: its link in the navigation, its heading, the window's title, its menu item. */
export const VIEW_NAMES: Record<View, string> = {
  leave: 'Leave',
  approvals: 'Approvals',
  calendar: 'Calendar',
  people: 'People',
  trainings: 'Trainings',
  forms: 'Forms',
  notifications: 'Notifications',
};

/** The app's views in the navigation's order: the renderer's routes and the desktop menu's View items. */
export const VIEWS = ['leave', 'approvals', 'calendar', 'people', 'trainings', 'forms', 'notifications'] as const;
export type View = (typeof VIEWS)[number];

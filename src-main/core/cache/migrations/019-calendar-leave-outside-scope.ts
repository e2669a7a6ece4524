import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 19,
  name: 'calendar leave outside the scope',
  // The calendar is asked without the leave of the account's scope, which the leave lists keep
  // whole (in `leave`): what an earlier pull stored of it here goes.
  sql: `
      DELETE FROM calendar_leave WHERE user_id IN (SELECT user_id FROM leave);
    `,
};

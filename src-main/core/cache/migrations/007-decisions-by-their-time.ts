import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 7,
  name: 'decisions by their time',
  // The history of decisions reads latest first; the wall chart narrows people by department;
  // who else is away is found from the leave ending on or after a request's first day.
  sql: `
      CREATE INDEX leave_reviewed ON leave (json ->> '$.reviewedAt', id);
      CREATE INDEX calendar_users_department ON calendar_users (department_id, last_name, first_name, id);
      CREATE INDEX leave_end_start ON leave (end_date, start_date) WHERE json IS NOT NULL;
      CREATE INDEX calendar_leave_end ON calendar_leave (end_date, start_date);
    `,
};

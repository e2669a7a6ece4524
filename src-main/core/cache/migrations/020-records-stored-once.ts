import type { Migration } from '../../../../src-node/sqlite/migrations';

/** `'{"id":…,"field":…' || the rest`: a field whose column is NULL was left in the JSON, or absent. */
function rebuilt(fields: [field: string, column: string][]): string {
  const parts = fields.map(([f, c]) => `iif(${c} IS NULL, '', ',"${f}":' || json_quote(${c}))`);
  return `'{"id":' || json_quote(id) || ${parts.join(' || ')} || CASE json WHEN '{}' THEN '}' ELSE ',' || substr(json, 2) END`;
}

/** The JSON without the fields its columns hold (those set). */
function stripped(fields: [field: string, column: string][]): string {
  return `json_remove(json, '$.id', ${fields.map(([f, c]) => `iif(${c} IS NULL, '$._', '$.${f}')`).join(', ')})`;
}

const LEAVE: [string, string][] = [
  ['userId', 'user_id'],
  ['startDate', 'start_date'],
  ['endDate', 'end_date'],
  ['status', 'status'],
  ['type', 'type'],
  ['createdAt', 'created_at'],
  ['days', 'days'],
  ['reviewedAt', 'reviewed_at'],
];
const TRAININGS: [string, string][] = [
  ['userId', 'user_id'],
  ['name', 'name'],
  ['status', 'status'],
  ['startDate', 'start_date'],
  ['endDate', 'end_date'],
  ['expiryDate', 'expiry_date'],
  ['cost', 'cost'],
  ['hours', 'hours'],
  ['createdAt', 'created_at'],
];
const USERS: [string, string][] = [
  ['lastName', 'last_name'],
  ['firstName', 'first_name'],
  ['email', 'email'],
  ['departmentId', 'department_id'],
  ['managerId', 'manager_id'],
  ['endDate', 'end_date'],
];
const WHOLE = [
  'notifications',
  'forms',
  'assigned_forms',
  'allocations',
  'leave_policy',
  'departments',
  'calendar_feeds',
];

export const migration: Migration = {
  version: 20,
  name: 'records stored once',
  // Requests, trainings and people kept their fields twice, in columns and in the JSON: the JSON keeps only
  // what no column holds, and `record` (computed when read, nothing stored) is the whole record.
  // Every kind of record gets `record`, so the backend reads them all alike.
  sql: `
      UPDATE leave SET json = ${stripped(LEAVE)} WHERE json IS NOT NULL;
      ALTER TABLE leave ADD COLUMN record TEXT GENERATED ALWAYS AS (${rebuilt(LEAVE)}) VIRTUAL;
      UPDATE trainings SET json = ${stripped(TRAININGS)} WHERE json IS NOT NULL;
      ALTER TABLE trainings ADD COLUMN record TEXT GENERATED ALWAYS AS (${rebuilt(TRAININGS)}) VIRTUAL;
      UPDATE users SET json = ${stripped(USERS)} WHERE json IS NOT NULL;
      ALTER TABLE users ADD COLUMN record TEXT GENERATED ALWAYS AS (${rebuilt(USERS)}) VIRTUAL;
      ${WHOLE.map((t) => `ALTER TABLE ${t} ADD COLUMN record TEXT GENERATED ALWAYS AS (json) VIRTUAL;`).join('\n      ')}
    `,
};

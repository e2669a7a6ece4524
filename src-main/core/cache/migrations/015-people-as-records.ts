import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 15,
  name: 'people and departments as records an admin changes offline',
  // People and departments get the two copies every changed record has (what the user sees, and the
  // service's, '' when they are one), and a person's status and last day as columns for the
  // directory's lists. What the cache held stays: it is the service's copy.
  sql: `
      CREATE TABLE users_next (
        id TEXT PRIMARY KEY, last_name TEXT COLLATE NOCASE, first_name TEXT COLLATE NOCASE, email TEXT,
        department_id TEXT, manager_id TEXT, status TEXT, end_date TEXT, json TEXT, base TEXT
      );
      INSERT INTO users_next
        SELECT id, last_name, first_name, email, department_id, manager_id,
          coalesce(json ->> '$.status', 'ACTIVE'), json ->> '$.endDate', json, '' FROM users;
      DROP TABLE users;
      ALTER TABLE users_next RENAME TO users;
      CREATE INDEX users_name ON users (last_name, first_name, id);
      CREATE INDEX users_department ON users (department_id, last_name);
      CREATE INDEX users_manager ON users (manager_id);
      CREATE INDEX users_end_date ON users (end_date) WHERE end_date IS NOT NULL;

      CREATE TABLE departments_next (id TEXT PRIMARY KEY, name TEXT COLLATE NOCASE, json TEXT, base TEXT);
      INSERT INTO departments_next SELECT id, name, json_object('id', id, 'name', name, 'version', 0), '' FROM departments;
      DROP TABLE departments;
      ALTER TABLE departments_next RENAME TO departments;
    `,
};

import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 18,
  name: 'indexes a query reads',
  // Trainings sort by start date with those without one last, an order no index of the column
  // gives: its index was read by no query, and cost bytes and every sync's insert.
  sql: `
      DROP INDEX trainings_start;
    `,
};

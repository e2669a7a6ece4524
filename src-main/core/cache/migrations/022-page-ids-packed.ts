import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 22,
  name: 'page ids packed',
  // A page's ids are kept as 16 bytes a UUID (a JSON array for ids of another shape), and its
  // list's number of pages in a column of its own.
  sql: `
      ALTER TABLE sync_pages ADD COLUMN total_pages INTEGER;
      UPDATE sync_pages SET total_pages = ids ->> '$.totalPages', ids = ids -> '$.ids' WHERE json_type(ids) = 'object';
    `,
};

import type { Migration } from '../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 10,
  name: 'refresh token successors',
  // A repeat of a token just rotated is answered within a grace window (auth/refreshTokens.ts):
  // the service must find the successor it handed out, to see whether it was ever used.
  sql: `
      ALTER TABLE refresh_tokens ADD COLUMN successor_id TEXT;
    `,
};

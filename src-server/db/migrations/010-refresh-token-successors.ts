import { inPostgres, type ServiceMigration } from './serviceMigration';

// A repeat of a token just rotated is answered within a grace window (auth/refreshTokens.ts):
// the service must find the successor it handed out, to see whether it was ever used.
const sql = `
      ALTER TABLE refresh_tokens ADD COLUMN successor_id TEXT;
    `;

export const migration: ServiceMigration = {
  version: 10,
  name: 'refresh token successors',
  sql,
  postgres: inPostgres(sql),
};

import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { serviceStatement } from '../db/tenantDb';

/**
 * A random secret of the service, made on first use and kept in its database: never in the
 * repository, the environment or a log.
 */
export function serviceSecret(db: Db, name: string): Buffer {
  const row = serviceStatement(db, 'SELECT value FROM service_settings WHERE key = ?').get(name) as
    { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'base64url');
  const secret = randomBytes(32);
  serviceStatement(db, 'INSERT INTO service_settings (key, value) VALUES (?, ?)').run(
    name,
    secret.toString('base64url'),
  );
  return secret;
}

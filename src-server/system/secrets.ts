import { randomBytes } from 'node:crypto';
import type { Engine } from '../db/engine/engine';

/**
 * A random secret of the service, made on first use and kept in its database: never in the
 * repository, the environment or a log. Instances starting together keep the first one written.
 */
export async function serviceSecret(engine: Engine, name: string): Promise<Buffer> {
  await engine.run('INSERT INTO service_settings (key, value) VALUES (:name, :value) ON CONFLICT (key) DO NOTHING', {
    name,
    value: randomBytes(32).toString('base64url'),
  });
  const row = await engine.get<{ value: string }>('SELECT value FROM service_settings WHERE key = :name', { name });
  return Buffer.from(row!.value, 'base64url');
}

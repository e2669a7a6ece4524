import { randomBytes } from 'node:crypto';
import type { Engine } from '../db/engine/engine';
import { addSetting, readSetting } from './settingsStore';

/**
 * A random secret of the service, made on first use and kept in its database: never in the
 * repository, the environment or a log. Instances starting together keep the first one written.
 */
export async function serviceSecret(engine: Engine, name: string): Promise<Buffer> {
  await addSetting(engine, name, randomBytes(32).toString('base64url'));
  return Buffer.from((await readSetting(engine, name))!, 'base64url');
}

import type { Engine } from '../db/engine/engine';

// The service's own settings (service_settings): a value under a key, service-wide.

/** Keeps `value` under `key` unless something is kept there already; answers whether this was. */
export async function addSetting(engine: Engine, key: string, value: string): Promise<boolean> {
  const { changes } = await engine.run(
    'INSERT INTO service_settings (key, value) VALUES (:key, :value) ON CONFLICT (key) DO NOTHING',
    { key, value },
  );
  return changes === 1;
}

export async function readSetting(engine: Engine, key: string): Promise<string | undefined> {
  return (await engine.get<{ value: string }>('SELECT value FROM service_settings WHERE key = :key', { key }))?.value;
}

/**
 * Sets `key` to `value` if what it holds sorts at or before `due` (ISO times do), in one statement:
 * of instances racing, one does. Answers whether this one did.
 */
export async function advanceSetting(engine: Engine, key: string, value: string, due: string): Promise<boolean> {
  const { changes } = await engine.run(
    'UPDATE service_settings SET value = :value WHERE key = :key AND value <= :due',
    {
      key,
      value,
      due,
    },
  );
  return changes === 1;
}

import { buildService } from './app';
import { SqliteEngine } from './db/engine/sqliteEngine';
import { openDatabase } from './db/open';

/** The service's OpenAPI document, as `GET /api/openapi.json` serves it, from a service that is not listening. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const engine = new SqliteEngine(openDatabase(':memory:'));
  const app = await buildService({ engine, logger: false });
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await engine.close();
  }
}

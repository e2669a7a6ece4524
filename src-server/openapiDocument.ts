import { buildService } from './app';
import { openDatabase } from './db/open';

/** The service's OpenAPI document, as `GET /api/openapi.json` serves it, from a service that is not listening. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const db = openDatabase(':memory:');
  const app = await buildService({ db, logger: false });
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    db.close();
  }
}

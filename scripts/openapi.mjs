// Writes docs/openapi.json from the service's routes (the document GET /api/openapi.json serves).
// Run with tsx: `npm run docs:openapi`. A test fails while the two differ.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../src-server/openapiDocument';

const path = join(import.meta.dirname, '..', 'docs', 'openapi.json');
writeFileSync(path, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${path}`);

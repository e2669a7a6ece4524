// Exits 0 when PostgreSQL's programs are on this machine (the test harness's own search), else
// says so in one line and exits 1: `npm test` then leaves out its PostgreSQL pass.
import { POSTGRES_BIN, sayPostgresSkipped } from '../test/support/postgres';

if (!POSTGRES_BIN) {
  sayPostgresSkipped();
  process.exit(1);
}

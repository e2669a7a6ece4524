import {
  migrate as runMigrations,
  schemaVersion as ledgerVersion,
  type Migration,
  type MigrationLedger,
} from '../../../src-node/sqlite/migrations';
import type { SqliteDb } from '../../../src-node/sqlite/openSqlite';
import type { ServiceMigration } from './serviceMigration';
import { migration as m001 } from './001-organizations-users-auth';
import { migration as m002 } from './002-trainings-leave-notifications';
import { migration as m003 } from './003-case-insensitive-name-order';
import { migration as m004 } from './004-forms';
import { migration as m005 } from './005-change-counters';
import { migration as m006 } from './006-leave-overlap-check-by-end-date';
import { migration as m007 } from './007-list-orders-with-their-tiebreak';
import { migration as m008 } from './008-accounts-counter';
import { migration as m009 } from './009-one-index-of-persons-leave';
import { migration as m010 } from './010-refresh-token-successors';
import { migration as m011 } from './011-review-comments';
import { migration as m012 } from './012-end-labels-of-questions';
import { migration as m013 } from './013-organization-currency';
import { migration as m014 } from './014-leave-balances';
import { migration as m015 } from './015-persons-leave-index-covers-its-checks';
import { migration as m016 } from './016-people-status-and-account-tokens';
import { migration as m017 } from './017-mail-outbox';
import { migration as m018 } from './018-mail-preferences';
import { migration as m019 } from './019-organization-hosts';
import { migration as m020 } from './020-emails-unique-per-organization';
import { migration as m021 } from './021-half-days';
import { migration as m022 } from './022-working-weeks';
import { migration as m023 } from './023-calendar-feeds';
import { migration as m024 } from './024-form-logic';
import { migration as m025 } from './025-counters-in-slots';
import { migration as m026 } from './026-person-locale';

/**
 * Forward-only schema history, one file per migration. Never edit a migration that has shipped: add
 * one, and list it here. Every tenant table carries organization_id; the few that do not are
 * service-wide (organizations, service_settings, login_failures: a failed login has no organization yet).
 */
export const migrations: readonly ServiceMigration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
];

const SERVICE_LEDGER: MigrationLedger = {
  table: 'schema_migrations',
  tooNew: (current, latest) =>
    `The database is at schema version ${current}, newer than this service knows (${latest}). Use a newer service.`,
};

export const schemaVersion = (db: SqliteDb): number => ledgerVersion(db, SERVICE_LEDGER);

/** Applies what is missing, each migration in its own transaction. Refuses a database from a newer service. */
export const migrate = (db: SqliteDb, list: readonly Migration[] = migrations): number[] =>
  runMigrations(db, list, SERVICE_LEDGER);

import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, COUNT_CHANGE_IN_SLOTS_FUNCTION } from './changeCounters';
import { COUNTED_TABLES } from './005-change-counters';

/** Every table whose writes move the counters, as the migrations before made their triggers. */
const COUNTED: readonly [readonly string[], Parameters<typeof changeCounterTriggers>[1]][] = [
  // Migration 8 gave users' triggers the accounts counter too.
  [COUNTED_TABLES.filter((table) => table !== 'users'), {}],
  [['users'], { accounts: true }],
  [['organizations'], { organizationColumn: 'id', events: ['update'] }],
  [['leave_policies'], { events: ['insert', 'update'] }],
  [['leave_allocations'], { events: ['insert', 'delete'] }],
  [['calendar_feeds'], { events: ['insert', 'delete'] }],
];

const triggerNames = COUNTED.flatMap(([tables, options]) =>
  tables.flatMap((table) => (options?.events ?? ['insert', 'update', 'delete']).map((e) => `${table}_${e}_counts`)),
);

// An organization's counters become the sum of slots. On PostgreSQL each connection moves its own
// slot, so concurrent writes of one organization no longer queue on one row held to their commit;
// SQLite has one writer and keeps everything in slot 0. Same table in both stores.
export const migration: ServiceMigration = {
  version: 25,
  name: 'change counters in slots',
  sql: `
${triggerNames.map((name) => `      DROP TRIGGER ${name};`).join('\n')}
      CREATE TABLE change_counters_slotted (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        counter INTEGER NOT NULL,
        accounts INTEGER NOT NULL DEFAULT 0,
        slot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (organization_id, slot)
      );
      INSERT INTO change_counters_slotted (organization_id, counter, accounts, slot)
        SELECT organization_id, counter, accounts, 0 FROM change_counters;
      DROP TABLE change_counters;
      ALTER TABLE change_counters_slotted RENAME TO change_counters;
${COUNTED.map(([tables, options]) => changeCounterTriggers(tables, { ...options, slotted: true })).join('\n')}
    `,
  postgres: inPostgres(`
      ALTER TABLE change_counters ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE change_counters DROP CONSTRAINT change_counters_pkey;
      ALTER TABLE change_counters ADD PRIMARY KEY (organization_id, slot);
${COUNT_CHANGE_IN_SLOTS_FUNCTION}
    `),
};

type Event = 'insert' | 'update' | 'delete';

interface CounterOptions {
  /** The accounts counter moves too (writes to users). */
  accounts?: boolean;
  /** The column naming the row's organization. */
  organizationColumn?: string;
  events?: readonly Event[];
  /** The counters in slots (migration 25): the row is the organization's slot 0. */
  slotted?: boolean;
}

/** One trigger per table and event, each written by `write`, in either store's words. */
function eachTrigger(
  tables: readonly string[],
  {
    accounts = false,
    organizationColumn = 'organization_id',
    events = ['insert', 'update', 'delete'],
    slotted = false,
  }: CounterOptions,
  write: (
    table: string,
    event: Event,
    options: { accounts: boolean; organizationColumn: string; slotted: boolean },
  ) => string,
): string {
  return tables
    .flatMap((table) => events.map((event) => write(table, event, { accounts, organizationColumn, slotted })))
    .join('\n');
}

/**
 * The triggers that move an organization's change counter on every write to `tables` (and, with
 * `accounts`, its accounts counter too), so an unchanged list is known without reading it. The
 * text is what the migrations first wrote out by hand, statement for statement.
 */
export function changeCounterTriggers(tables: readonly string[], options: CounterOptions = {}): string {
  return eachTrigger(tables, options, (table, event, { accounts, organizationColumn, slotted }) => {
    const columns =
      (accounts ? 'organization_id, counter, accounts' : 'organization_id, counter') + (slotted ? ', slot' : '');
    const start = (accounts ? '1, 1' : '1') + (slotted ? ', 0' : '');
    const moves = accounts ? 'counter = counter + 1, accounts = accounts + 1' : 'counter = counter + 1';
    const row = event === 'delete' ? 'old' : 'new';
    return [
      `      CREATE TRIGGER ${table}_${event}_counts AFTER ${event.toUpperCase()} ON ${table} BEGIN`,
      `        INSERT INTO change_counters (${columns}) VALUES (${row}.${organizationColumn}, ${start})`,
      `          ON CONFLICT (organization_id${slotted ? ', slot' : ''}) DO UPDATE SET ${moves};`,
      `      END;`,
    ].join('\n');
  });
}

/**
 * PostgreSQL's trigger function behind them: moves the counter of the row's organization (its
 * column named by the first argument), and with a second argument the accounts counter too.
 */
export const COUNT_CHANGE_FUNCTION = `
      CREATE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        org text := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0];
      BEGIN
        IF TG_NARGS > 1 THEN
          INSERT INTO change_counters AS c (organization_id, counter, accounts) VALUES (org, 1, 1)
            ON CONFLICT (organization_id) DO UPDATE SET counter = c.counter + 1, accounts = c.accounts + 1;
        ELSE
          INSERT INTO change_counters AS c (organization_id, counter) VALUES (org, 1)
            ON CONFLICT (organization_id) DO UPDATE SET counter = c.counter + 1;
        END IF;
        RETURN NULL;
      END $$;
`;

/**
 * The same function once the counters are in slots (migration 25): each connection moves its own
 * slot (its backend's number modulo COUNTER_SLOTS), so writes of one organization on different
 * connections do not wait on one row until they commit. An organization's counter is the sum of
 * its slots: every commit adds to it, so a list changed since a tag was given never has that tag's
 * sum again, whatever order concurrent writers commit in.
 */
export const COUNTER_SLOTS = 64;
export const COUNT_CHANGE_IN_SLOTS_FUNCTION = `
      CREATE OR REPLACE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        org text := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0];
        here integer := pg_backend_pid() % ${COUNTER_SLOTS};
      BEGIN
        IF TG_NARGS > 1 THEN
          INSERT INTO change_counters AS c (organization_id, slot, counter, accounts) VALUES (org, here, 1, 1)
            ON CONFLICT (organization_id, slot) DO UPDATE SET counter = c.counter + 1, accounts = c.accounts + 1;
        ELSE
          INSERT INTO change_counters AS c (organization_id, slot, counter) VALUES (org, here, 1)
            ON CONFLICT (organization_id, slot) DO UPDATE SET counter = c.counter + 1;
        END IF;
        RETURN NULL;
      END $$;
`;

/** PostgreSQL's form of the same triggers, under the same names, each running `count_change`. */
export function changeCounterTriggersPg(tables: readonly string[], options: CounterOptions = {}): string {
  return eachTrigger(tables, options, (table, event, { accounts, organizationColumn }) => {
    const args = accounts ? `'${organizationColumn}', 'accounts'` : `'${organizationColumn}'`;
    return (
      `      CREATE TRIGGER ${table}_${event}_counts AFTER ${event.toUpperCase()} ON ${table}\n` +
      `        FOR EACH ROW EXECUTE FUNCTION count_change(${args});`
    );
  });
}

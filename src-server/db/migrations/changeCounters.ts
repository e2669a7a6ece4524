type Event = 'insert' | 'update' | 'delete';

interface CounterOptions {
  /** The accounts counter moves too (writes to users). */
  accounts?: boolean;
  /** The column naming the row's organization. */
  organizationColumn?: string;
  events?: readonly Event[];
}

/** One trigger per table and event, each written by `write`, in either store's words. */
function eachTrigger(
  tables: readonly string[],
  { accounts = false, organizationColumn = 'organization_id', events = ['insert', 'update', 'delete'] }: CounterOptions,
  write: (table: string, event: Event, options: { accounts: boolean; organizationColumn: string }) => string,
): string {
  return tables
    .flatMap((table) => events.map((event) => write(table, event, { accounts, organizationColumn })))
    .join('\n');
}

/**
 * The triggers that move an organization's change counter on every write to `tables` (and, with
 * `accounts`, its accounts counter too), so an unchanged list is known without reading it. The
 * text is what the migrations first wrote out by hand, statement for statement.
 */
export function changeCounterTriggers(tables: readonly string[], options: CounterOptions = {}): string {
  return eachTrigger(tables, options, (table, event, { accounts, organizationColumn }) => {
    const columns = accounts ? 'organization_id, counter, accounts' : 'organization_id, counter';
    const start = accounts ? '1, 1' : '1';
    const moves = accounts ? 'counter = counter + 1, accounts = accounts + 1' : 'counter = counter + 1';
    const row = event === 'delete' ? 'old' : 'new';
    return [
      `      CREATE TRIGGER ${table}_${event}_counts AFTER ${event.toUpperCase()} ON ${table} BEGIN`,
      `        INSERT INTO change_counters (${columns}) VALUES (${row}.${organizationColumn}, ${start})`,
      `          ON CONFLICT (organization_id) DO UPDATE SET ${moves};`,
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

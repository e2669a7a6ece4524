type Event = 'insert' | 'update' | 'delete';

/**
 * The triggers that move an organization's change counter on every write to `tables` (and, with
 * `accounts`, its accounts counter too), so an unchanged list is known without reading it. The
 * text is what the migrations first wrote out by hand, statement for statement.
 */
export function changeCounterTriggers(
  tables: readonly string[],
  {
    accounts = false,
    organizationColumn = 'organization_id',
    events = ['insert', 'update', 'delete'],
  }: { accounts?: boolean; organizationColumn?: string; events?: readonly Event[] } = {},
): string {
  const columns = accounts ? 'organization_id, counter, accounts' : 'organization_id, counter';
  const start = accounts ? '1, 1' : '1';
  const moves = accounts ? 'counter = counter + 1, accounts = accounts + 1' : 'counter = counter + 1';
  return tables
    .flatMap((table) =>
      events.map((event) => {
        const row = event === 'delete' ? 'old' : 'new';
        return [
          `      CREATE TRIGGER ${table}_${event}_counts AFTER ${event.toUpperCase()} ON ${table} BEGIN`,
          `        INSERT INTO change_counters (${columns}) VALUES (${row}.${organizationColumn}, ${start})`,
          `          ON CONFLICT (organization_id) DO UPDATE SET ${moves};`,
          `      END;`,
        ].join('\n');
      }),
    )
    .join('\n');
}

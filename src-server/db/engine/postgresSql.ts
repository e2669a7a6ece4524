/**
 * The service's SQL as PostgreSQL takes it. Statements are written once, in SQLite's words, and
 * the few that differ are said here, each tested on both engines (test/postgres/engines.test.ts):
 * - named parameters (`:org`, `:userId`) are numbered (`$1`, `$2`, the same number for the same name);
 * - an unquoted alias PostgreSQL would fold to lower case (`AS managerId`) is quoted, so rows keep
 *   the names the code reads;
 * - `LIKE` is `ILIKE`: SQLite's LIKE ignores case (of ASCII letters), PostgreSQL's does not; on
 *   the database's default collation, as the names' own (`nocase`, nondeterministic) cannot match patterns;
 * - `json_each(:ids) AS x` (a JSON array's values as rows, `x.value`) is `json_array_elements_text`;
 * - `INDEXED BY name`, SQLite's pin of a plan to an index, is dropped: PostgreSQL plans by itself.
 * Text in quotes, `::` casts and comments are left as they are.
 */
export interface PostgresStatement {
  text: string;
  /** The parameter names, in the order of their numbers. */
  names: string[];
  /** What the server keeps it prepared as, on each connection. */
  name?: string;
}

const TOKENS =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|::|json_each\(:(\w+)\)(?:\s+AS\s+(\w+))?|:([A-Za-z_]\w*)|\b[Aa][Ss]\s+([a-z]\w*[A-Z]\w*)\b|\bLIKE\b|\s+INDEXED BY \w+/g;

export function toPostgres(sql: string): PostgresStatement {
  const names: string[] = [];
  const number = (name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  };
  const text = sql.replace(
    TOKENS,
    (token: string, jsonName?: string, jsonAlias?: string, name?: string, alias?: string) => {
      if (jsonName)
        return `json_array_elements_text(CAST(${number(jsonName)} AS json)) AS ${jsonAlias ?? 'json_each'}(value)`;
      if (name) return number(name);
      if (alias) return `AS "${alias}"`;
      if (token === 'LIKE') return 'COLLATE "default" ILIKE';
      if (/^\s+INDEXED BY/.test(token)) return '';
      return token;
    },
  );
  return { text, names };
}

const cache = new Map<string, PostgresStatement>();

/** The same, kept: a statement's text is translated once. */
export function postgresStatement(sql: string): PostgresStatement {
  let statement = cache.get(sql);
  if (!statement) {
    statement = { ...toPostgres(sql), name: `s${cache.size + 1}` };
    cache.set(sql, statement);
  }
  return statement;
}

/**
 * The service's SQL as PostgreSQL takes it. Statements are written once, with named parameters
 * (`:org`, `:userId`) as SQLite binds them: PostgreSQL numbers them (`$1`, `$2`, the same number
 * for the same name). An unquoted alias PostgreSQL would fold to lower case (`AS managerId`) is
 * quoted so rows keep the names the code reads. Text in quotes, `::` casts and comments are left
 * as they are.
 */
export interface PostgresStatement {
  text: string;
  /** The parameter names, in the order of their numbers. */
  names: string[];
}

const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|::|:([A-Za-z_]\w*)|\b[Aa][Ss]\s+([a-z]\w*[A-Z]\w*)\b/g;

export function toPostgres(sql: string): PostgresStatement {
  const names: string[] = [];
  const text = sql.replace(TOKENS, (token: string, name?: string, alias?: string) => {
    if (name) {
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      return `$${index + 1}`;
    }
    if (alias) return `AS "${alias}"`;
    return token;
  });
  return { text, names };
}

const cache = new Map<string, PostgresStatement>();

/** The same, kept: a statement's text is translated once. */
export function postgresStatement(sql: string): PostgresStatement {
  let statement = cache.get(sql);
  if (!statement) {
    statement = toPostgres(sql);
    cache.set(sql, statement);
  }
  return statement;
}

import { MAX_PAGE_SIZE, type List } from '@shared/wire';
import type { CacheDb } from './openCache';
import { prepared } from './statements';

export const DEFAULT_PAGE_SIZE = 25;

/** One page of a cached list, and its total, in one read transaction. */
export function cachePage<T>(
  db: CacheDb,
  q: {
    from: string;
    params: unknown[];
    orderBy: string;
    page?: number;
    pageSize?: number;
    /** Every row, for a list its view windows itself (the page size is then the total). */
    all?: boolean;
    /** What each row is read as: the record (`record`) unless said otherwise. */
    json?: string;
    /** What the total is counted over, when `from` joins what no condition needs (a join per row costs). */
    countFrom?: string;
    /**
     * With a `json` that builds each row (joins, json_set): the column that names a row, and the
     * tables each row is built from (`from`'s, without its WHERE). The page is chosen on the sort
     * keys alone, then only its rows are built, found by that column in the page's order.
     */
    key?: { column: string; rowsFrom: string };
  },
): List<T> {
  return db.transaction(() => {
    const { total } = prepared(db, `SELECT COUNT(*) AS total ${q.countFrom ?? q.from}`).get(...q.params) as {
      total: number;
    };
    const page = q.all ? 1 : Math.max(1, Math.floor(q.page ?? 1));
    const pageSize = q.all
      ? Math.max(1, total)
      : Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.pageSize ?? DEFAULT_PAGE_SIZE)));
    const offset = (page - 1) * pageSize;
    let rows: { json: string }[];
    if (q.key) {
      const keys = prepared(db, `SELECT ${q.key.column} ${q.from} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`)
        .pluck(true)
        .all(...q.params, pageSize, offset);
      rows = prepared(
        db,
        `SELECT ${q.json ?? 'record'} AS json FROM json_each(?) AS k CROSS JOIN ${q.key.rowsFrom}
         WHERE ${q.key.column} = k.value ORDER BY k.key`,
      ).all(JSON.stringify(keys)) as { json: string }[];
    } else {
      rows = prepared(db, `SELECT ${q.json ?? 'record'} AS json ${q.from} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(
        ...q.params,
        pageSize,
        offset,
      ) as { json: string }[];
    }
    return {
      data: rows.map((r) => JSON.parse(r.json) as T),
      meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
    };
  })();
}

/**
 * The conditions of a cached list, built by its store from a typed filter: each term with its
 * parameters, kept in step, joined by AND (for after WHERE).
 */
export class Conditions {
  private readonly terms: string[];
  readonly params: unknown[] = [];

  constructor(...always: string[]) {
    this.terms = always;
  }

  /** A term and its parameters. */
  and(term: string, ...params: unknown[]): this {
    this.terms.push(term);
    this.params.push(...params);
    return this;
  }

  /** `column = value`, when a value is asked for. */
  equal(column: string, value: string | undefined): this {
    return value ? this.and(`${column} = ?`, value) : this;
  }

  /** The terms joined. */
  get sql(): string {
    return this.terms.length ? this.terms.join(' AND ') : '1 = 1';
  }
}

/** A LIKE pattern (with ESCAPE '\') for text containing `search`: its own %, _ and \ taken as they are. */
export const containing = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

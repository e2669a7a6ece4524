import type { List, ListMeta, Paging } from '../../src-shared/wire';
import type { TenantDb } from '../db/tenantDb';

export function listMeta(paging: Paging, total: number): ListMeta {
  return {
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    totalPages: Math.ceil(total / paging.pageSize),
  };
}

export interface PageQuery {
  /** One table: pages are picked by rowid from its indexes before whole rows are read. */
  table: string;
  /** The conditions, using `:org`. */
  where: string;
  select: string;
  /** An ORDER BY list from an allow-list; `id` is appended, in the last term's direction, so pages are stable. */
  orderBy: string;
  params: Record<string, unknown>;
}

/**
 * One page of rows and the total, both read in one transaction so they agree. The rows skipped by
 * OFFSET are walked in an index only (a deferred join), so a deep page costs little more than the
 * first: the whole rows read are the page's own.
 */
export function readPage<Row, Out>(
  tenant: TenantDb,
  q: PageQuery,
  paging: Paging,
  map: (row: Row) => Out,
  idColumn = 'id',
): List<Out> {
  const filter = `FROM ${q.table} WHERE ${q.where}`;
  // The tiebreak runs the way the last term does, so one index serves both directions.
  const order = `ORDER BY ${q.orderBy}, ${idColumn}${/\sDESC$/i.test(q.orderBy) ? ' DESC' : ''}`;
  return tenant.transaction(() => {
    const { total } = tenant.get<{ total: number }>(`SELECT COUNT(*) AS total ${filter}`, q.params)!;
    const rows = tenant.all<Row>(
      `SELECT ${q.select} FROM ${q.table}
       WHERE rowid IN (SELECT rowid ${filter} ${order} LIMIT :limit OFFSET :offset) ${order}`,
      { ...q.params, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize },
    );
    return { data: rows.map(map), meta: listMeta(paging, total) };
  });
}

/** `%term%` for LIKE, with the wildcards in the term itself escaped (use `ESCAPE '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

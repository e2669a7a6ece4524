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
  /** `FROM ... WHERE ...`, using `:org`. */
  from: string;
  select: string;
  /** An ORDER BY list from an allow-list; `id` is appended so pages are stable. */
  orderBy: string;
  params: Record<string, unknown>;
}

/** One page of rows and the total, both read in one transaction so they agree. */
export function readPage<Row, Out>(
  tenant: TenantDb,
  q: PageQuery,
  paging: Paging,
  map: (row: Row) => Out,
  idColumn = 'id',
): List<Out> {
  return tenant.transaction(() => {
    const { total } = tenant.get<{ total: number }>(`SELECT COUNT(*) AS total ${q.from}`, q.params)!;
    const rows = tenant.all<Row>(
      `SELECT ${q.select} ${q.from} ORDER BY ${q.orderBy}, ${idColumn} LIMIT :limit OFFSET :offset`,
      { ...q.params, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize },
    );
    return { data: rows.map(map), meta: listMeta(paging, total) };
  });
}

/** `%term%` for LIKE, with the wildcards in the term itself escaped (use `ESCAPE '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import type { List, ListMeta, Paging } from '@shared/wire';
import { KeptMap } from '../../system/keptMap';
import type { TenantDb } from '../tenantDb';
import { readChangeCounters } from './changeCounters';
import type { Engine, Params } from './engine';

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
  params: Params;
}

/**
 * The conditions of a list, joined by AND: the organization's first, then those a store adds for the
 * fields of its typed filter, each with the values it binds. A filter's values reach SQL only as values.
 */
export class Conditions {
  private readonly terms = ['organization_id = :org'];
  private readonly values: Params = {};

  /** A condition and the values it binds. */
  and(sql: string, params: Params = {}): this {
    this.terms.push(sql);
    Object.assign(this.values, params);
    return this;
  }

  /** `column = :name`, when there is a value to compare with. */
  equal(column: string, name: string, value: unknown): this {
    return value === undefined ? this : this.and(`${column} = :${name}`, { [name]: value });
  }

  /** Any of `columns` containing `term` (as `:search`), when it is not empty. */
  search(columns: readonly string[], term: string | undefined): this {
    if (!term) return this;
    const each = columns.map((column) => `${column} LIKE :search ESCAPE '\\'`);
    return this.and(each.length === 1 ? each[0]! : `(${each.join(' OR ')})`, { search: likePattern(term) });
  }

  /** What a PageQuery takes of them. */
  clause(): { where: string; params: Params } {
    return { where: this.terms.join(' AND '), params: { ...this.values } };
  }
}

interface KnownTotal {
  counter: number;
  total: number;
}

const KEPT_TOTALS = 1_000;
const totals = new WeakMap<Engine, KeptMap<string, KnownTotal>>();

/**
 * A list's total, counted again only when its organization's change counter moved: walking a
 * list page by page (a first sync: 86 pages) counted the same rows for every page, a sixth of the
 * service's work on it. A total is kept only when counted outside any open write batch: every
 * committed state has a counter value of its own, while a lost batch's values come round again.
 */
async function countOf(tenant: TenantDb, filter: string, params: Params, keep: boolean): Promise<number> {
  const { counter } = await readChangeCounters(tenant.engine, tenant.organizationId);
  let kept = totals.get(tenant.engine);
  if (!kept) totals.set(tenant.engine, (kept = new KeptMap(KEPT_TOTALS)));
  const key = `${tenant.organizationId}\n${filter}\n${JSON.stringify(params)}`;
  const known = kept.get(key);
  if (known && known.counter === counter) return known.total;
  const { total } = (await tenant.get<{ total: number }>(`SELECT COUNT(*) AS total ${filter}`, params))!;
  if (keep) {
    kept.delete(key);
    kept.set(key, { counter, total });
  }
  return total;
}

/**
 * One page of rows and the total, both read in one transaction so they agree. On SQLite the rows
 * skipped by OFFSET are walked in an index only (a deferred join by rowid), so a deep page costs
 * little more than the first: the whole rows read are the page's own. PostgreSQL, which has no
 * stable row id, reads the page directly (its planner skips through the index itself).
 */
export async function readPage<Row, Out>(
  tenant: TenantDb,
  q: PageQuery,
  paging: Paging,
  map: (row: Row) => Out,
  idColumn = 'id',
): Promise<List<Out>> {
  const filter = `FROM ${q.table} WHERE ${q.where}`;
  // The tiebreak runs the way the last term does, so one index serves both directions.
  const order = `ORDER BY ${q.orderBy}, ${idColumn}${/\sDESC$/i.test(q.orderBy) ? ' DESC' : ''}`;
  const committed = !tenant.engine.uncommitted;
  const page =
    tenant.engine.kind === 'sqlite'
      ? `SELECT ${q.select} FROM ${q.table}
       WHERE rowid IN (SELECT rowid ${filter} ${order} LIMIT :limit OFFSET :offset) ${order}`
      : `SELECT ${q.select} ${filter} ${order} LIMIT :limit OFFSET :offset`;
  return tenant.transaction(async () => {
    const total = await countOf(tenant, filter, q.params, committed);
    const rows = await tenant.all<Row>(page, {
      ...q.params,
      limit: paging.pageSize,
      offset: (paging.page - 1) * paging.pageSize,
    });
    return { data: rows.map(map), meta: listMeta(paging, total) };
  }, 'read');
}

/** `%term%` for LIKE, with the wildcards in the term itself escaped (use `ESCAPE '\\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

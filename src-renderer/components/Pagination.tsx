import type { ListMeta } from '../../src-shared/wire';

export function Pagination({ meta, onPage, label }: { meta: ListMeta; onPage: (page: number) => void; label: string }) {
  if (meta.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" onClick={() => onPage(meta.page - 1)} disabled={meta.page <= 1}>
        Previous
      </button>
      <span>
        Page {meta.page} of {meta.totalPages} · {meta.total} in all
      </span>
      <button type="button" onClick={() => onPage(meta.page + 1)} disabled={meta.page >= meta.totalPages}>
        Next
      </button>
    </nav>
  );
}

import type { ListMeta } from '@shared/wire';
import { Button } from './Button';

export function Pagination({ meta, onPage, label }: { meta: ListMeta; onPage: (page: number) => void; label: string }) {
  if (meta.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button onPress={() => onPage(meta.page - 1)} isDisabled={meta.page <= 1}>
        Previous
      </Button>
      <span>
        Page {meta.page} of {meta.totalPages} · {meta.total} in all
      </span>
      <Button onPress={() => onPage(meta.page + 1)} isDisabled={meta.page >= meta.totalPages}>
        Next
      </Button>
    </nav>
  );
}

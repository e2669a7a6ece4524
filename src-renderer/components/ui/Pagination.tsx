import type { ListMeta } from '@shared/wire';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Button } from './Button';

const WHERE = defineMessage<{ page: number; pages: number; total: number }>({
  id: 'ui.pagination.where',
  defaultMessage: 'Page {page} of {pages} · {total} in all',
});

export function Pagination({ meta, onPage, label }: { meta: ListMeta; onPage: (page: number) => void; label: string }) {
  const intl = useIntl();
  if (meta.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button onPress={() => onPage(meta.page - 1)} isDisabled={meta.page <= 1}>
        <FormattedMessage id="ui.pagination.previous" defaultMessage="Previous" />
      </Button>
      <span>{intl.formatMessage(WHERE, { page: meta.page, pages: meta.totalPages, total: meta.total })}</span>
      <Button onPress={() => onPage(meta.page + 1)} isDisabled={meta.page >= meta.totalPages}>
        <FormattedMessage id="ui.pagination.next" defaultMessage="Next" />
      </Button>
    </nav>
  );
}

import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ListedForm } from '@shared/appApi';
import type { Form, FormStatus } from '@shared/wire';
import {
  Button,
  Cell,
  Column,
  Dialog,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Select,
  Table,
  TableBody,
  TableHeader,
  TextField,
  toast,
} from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { NONE } from '../marks';
import { momentDateText } from '@renderer/i18n/dates';
import { COPY_OF, FORM_STATUS_NAME, FORM_STATUSES, UNTITLED_FORM } from './formWords';

const MESSAGES = {
  deleteTitle: defineMessage<{ title: string }>({ id: 'forms.delete.title', defaultMessage: 'Delete “{title}”?' }),
  deleted: defineMessage<{ title: string }>({ id: 'forms.delete.done', defaultMessage: 'Deleted: {title}' }),
  status: defineMessage({ id: 'forms.all.status', defaultMessage: 'Status' }),
  anyStatus: defineMessage({ id: 'forms.all.anyStatus', defaultMessage: 'Any status' }),
  search: defineMessage({ id: 'forms.all.search', defaultMessage: 'Search forms' }),
  searchPlaceholder: defineMessage({ id: 'forms.all.search.placeholder', defaultMessage: 'Title' }),
  duplicate: defineMessage<{ title: string }>({ id: 'forms.all.duplicate.label', defaultMessage: 'Duplicate {title}' }),
  delete: defineMessage<{ title: string }>({ id: 'forms.all.delete.label', defaultMessage: 'Delete {title}' }),
  pages: defineMessage({ id: 'forms.all.pages', defaultMessage: 'Form pages' }),
};

/** A copy to start from: the same questions and settings, as a new draft. */
function copyOf(f: Form, intl: IntlShape) {
  return {
    title: intl.formatMessage(COPY_OF, { name: f.title }),
    description: f.description,
    isAnonymous: f.isAnonymous,
    requireAuthentication: f.requireAuthentication,
    allowMultipleSubmissions: f.allowMultipleSubmissions,
    maxSubmissions: f.maxSubmissions,
    status: 'DRAFT' as const,
    questions: f.questions.map(({ id: _id, order: _order, ...q }) => q),
  };
}

function DeleteDialog({ form, onClose }: { form: ListedForm; onClose: () => void }) {
  const intl = useIntl();
  const remove = useAppAction('forms.delete');
  return (
    <Dialog title={intl.formatMessage(MESSAGES.deleteTitle, { title: form.title })} onClose={onClose} size="small">
      <p>
        <FormattedMessage
          id="forms.delete.body"
          defaultMessage="{count, plural, =0 {This cannot be undone.} one {Its # response go with it. This cannot be undone.} other {Its # responses go with it. This cannot be undone.}}"
          values={{ count: form.responseCount }}
        />
      </p>
      {remove.error && (
        <p className="form-error" role="alert">
          {remove.error}
        </p>
      )}
      <div className="actions">
        <Button
          variant="danger"
          isPending={remove.pending}
          onPress={() =>
            void remove.run({ id: form.id }).then((done) => {
              if (done === undefined) return;
              toast(intl.formatMessage(MESSAGES.deleted, { title: form.title }));
              onClose();
            })
          }
        >
          <FormattedMessage id="forms.delete.confirm" defaultMessage="Delete" />
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="forms.delete.keep" defaultMessage="Keep it" />
        </Button>
      </div>
    </Dialog>
  );
}

/** Every form of the organization: found by status or title, each opened in the builder. */
export function AllForms() {
  const intl = useIntl();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ListedForm | null>(null);
  const list = useAppQuery('forms.list', {
    ...(status ? { status: status as FormStatus } : {}),
    ...(search.trim() ? { search } : {}),
    page,
    pageSize: 25,
  });
  const create = useAppAction('forms.create');
  const { waiting, answer } = useWaitingIds();
  const rows = list.data?.data ?? [];

  const open = (id: string) => (location.hash = href('forms', { edit: id }));
  const make = async (fields: Parameters<typeof create.run>[0]) => {
    const made = await create.run(fields);
    if (made) open(made.id);
  };

  return (
    <section aria-labelledby="all-forms-title" className="forms-all-forms">
      <div className="forms-section-head">
        <h2 id="all-forms-title">
          <FormattedMessage id="forms.all.title" defaultMessage="All forms" />
        </h2>
        <Button
          variant="primary"
          isPending={create.pending}
          onPress={() => void make({ title: intl.formatMessage(UNTITLED_FORM), status: 'DRAFT', questions: [] })}
        >
          <FormattedMessage id="forms.all.new" defaultMessage="New form" />
        </Button>
      </div>
      {create.error && (
        <p className="form-error" role="alert">
          {create.error}
        </p>
      )}
      <div className="forms-filters">
        <Select
          label={intl.formatMessage(MESSAGES.status)}
          items={FORM_STATUSES.map((s) => ({ id: s, name: intl.formatMessage(FORM_STATUS_NAME, { status: s }) }))}
          anyLabel={intl.formatMessage(MESSAGES.anyStatus)}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <TextField
          label={intl.formatMessage(MESSAGES.search)}
          value={search}
          onChange={(s) => {
            setSearch(s);
            setPage(1);
          }}
          placeholder={intl.formatMessage(MESSAGES.searchPlaceholder)}
        />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && rows.length === 0 && (
        <Empty>
          {status || search ? (
            <FormattedMessage id="forms.all.noMatch" defaultMessage="No form matches these filters." />
          ) : (
            <FormattedMessage id="forms.all.empty" defaultMessage="No forms yet: make the first with New form." />
          )}
        </Empty>
      )}
      {rows.length > 0 && (
        <Table aria-labelledby="all-forms-title">
          <TableHeader>
            <Column isRowHeader>
              <FormattedMessage id="forms.all.column.title" defaultMessage="Title" />
            </Column>
            <Column>
              <FormattedMessage id="forms.all.column.status" defaultMessage="Status" />
            </Column>
            <Column>
              <FormattedMessage id="forms.all.column.responses" defaultMessage="Responses" />
            </Column>
            <Column>
              <FormattedMessage id="forms.all.column.sentTo" defaultMessage="Sent to" />
            </Column>
            <Column>
              <FormattedMessage id="forms.all.column.created" defaultMessage="Created" />
            </Column>
            <Column>
              <span className="visually-hidden">
                <FormattedMessage id="forms.all.column.actions" defaultMessage="Actions" />
              </span>
            </Column>
          </TableHeader>
          <TableBody items={rows} dependencies={[answer]}>
            {(f: ListedForm) => (
              <Row id={f.id}>
                <Cell>
                  <a href={href('forms', { edit: f.id })}>{f.title}</a>
                  {waiting.has(f.id) && (
                    <span className="forms-waiting-mark">
                      <FormattedMessage id="forms.all.waitingToSync" defaultMessage="Waiting to sync" />
                    </span>
                  )}
                </Cell>
                <Cell>
                  <span className={`badge forms-status forms-${f.status.toLowerCase()}`}>
                    {intl.formatMessage(FORM_STATUS_NAME, { status: f.status })}
                  </span>
                </Cell>
                <Cell>{f.responseCount}</Cell>
                <Cell>{f.distributedCount ?? NONE}</Cell>
                <Cell>{momentDateText(intl, f.createdAt)}</Cell>
                <Cell>
                  <div className="row-actions">
                    <Button
                      variant="quiet"
                      aria-label={intl.formatMessage(MESSAGES.duplicate, { title: f.title })}
                      onPress={() => void make(copyOf(f, intl))}
                    >
                      <FormattedMessage id="forms.all.duplicate" defaultMessage="Duplicate" />
                    </Button>
                    <Button
                      variant="quiet"
                      aria-label={intl.formatMessage(MESSAGES.delete, { title: f.title })}
                      onPress={() => setDeleting(f)}
                    >
                      <FormattedMessage id="forms.all.delete" defaultMessage="Delete" />
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
      {deleting && <DeleteDialog form={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

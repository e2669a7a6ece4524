import { useState } from 'react';
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
import { date } from '../myFormWords';
import { STATUS_WORDS } from './formStatus';

const STATUS_CHOICES = [
  { id: 'DRAFT', name: 'Draft' },
  { id: 'PUBLISHED', name: 'Published' },
  { id: 'CLOSED', name: 'Closed' },
];

/** A copy to start from: the same questions and settings, as a new draft. */
function copyOf(f: Form) {
  return {
    title: `${f.title} (copy)`,
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
  const remove = useAppAction('forms.delete');
  return (
    <Dialog title={`Delete “${form.title}”?`} onClose={onClose} size="small">
      <p>
        {form.responseCount > 0
          ? `Its ${form.responseCount} response${form.responseCount === 1 ? '' : 's'} go with it. `
          : ''}
        This cannot be undone.
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
              toast(`Deleted: ${form.title}`);
              onClose();
            })
          }
        >
          Delete
        </Button>
        <Button onPress={onClose}>Keep it</Button>
      </div>
    </Dialog>
  );
}

/** Every form of the organization: found by status or title, each opened in the builder. */
export function AllForms() {
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
        <h2 id="all-forms-title">All forms</h2>
        <Button
          variant="primary"
          isPending={create.pending}
          onPress={() => void make({ title: 'Untitled form', status: 'DRAFT', questions: [] })}
        >
          New form
        </Button>
      </div>
      {create.error && (
        <p className="form-error" role="alert">
          {create.error}
        </p>
      )}
      <div className="forms-filters">
        <Select
          label="Status"
          items={STATUS_CHOICES}
          anyLabel="Any status"
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <TextField
          label="Search forms"
          value={search}
          onChange={(s) => {
            setSearch(s);
            setPage(1);
          }}
          placeholder="Title"
        />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && rows.length === 0 && (
        <Empty>
          {status || search ? 'No form matches these filters.' : 'No forms yet: make the first with New form.'}
        </Empty>
      )}
      {rows.length > 0 && (
        <Table aria-labelledby="all-forms-title">
          <TableHeader>
            <Column isRowHeader>Title</Column>
            <Column>Status</Column>
            <Column>Responses</Column>
            <Column>Sent to</Column>
            <Column>Created</Column>
            <Column>
              <span className="visually-hidden">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={rows} dependencies={[answer]}>
            {(f: ListedForm) => (
              <Row id={f.id}>
                <Cell>
                  <a href={href('forms', { edit: f.id })}>{f.title}</a>
                  {waiting.has(f.id) && <span className="forms-waiting-mark">Waiting to sync</span>}
                </Cell>
                <Cell>
                  <span className={`badge forms-status forms-${f.status.toLowerCase()}`}>{STATUS_WORDS[f.status]}</span>
                </Cell>
                <Cell>{f.responseCount}</Cell>
                <Cell>{f.distributedCount ?? '—'}</Cell>
                <Cell>{date(f.createdAt)}</Cell>
                <Cell>
                  <div className="row-actions">
                    <Button variant="quiet" aria-label={`Duplicate ${f.title}`} onPress={() => void make(copyOf(f))}>
                      Duplicate
                    </Button>
                    <Button variant="quiet" aria-label={`Delete ${f.title}`} onPress={() => setDeleting(f)}>
                      Delete
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Form pages" />}
      {deleting && <DeleteDialog form={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

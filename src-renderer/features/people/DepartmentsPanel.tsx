import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { DepartmentSummary } from '@shared/appApi';
import {
  Button,
  Dialog,
  Empty,
  ErrorNote,
  FormFooter,
  Loading,
  PlainHead,
  TextField,
  toast,
  WaitingMark,
} from '@renderer/components/ui';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';

const MESSAGES = {
  rename: defineMessage<{ department: string }>({
    id: 'people.departments.renameTitle',
    defaultMessage: 'Rename {department}',
  }),
  add: defineMessage({ id: 'people.departments.add', defaultMessage: 'Add department' }),
  saved: defineMessage<{ department: string }>({
    id: 'people.departments.saved',
    defaultMessage: 'Saved: {department}',
  }),
  savedOffline: defineMessage<{ department: string }>({
    id: 'people.departments.savedOffline',
    defaultMessage: '{department} saved',
  }),
  name: defineMessage({ id: 'people.departments.name', defaultMessage: 'Name' }),
  renameButton: defineMessage({ id: 'people.departments.rename', defaultMessage: 'Rename' }),
  addButton: defineMessage({ id: 'people.departments.addButton', defaultMessage: 'Add' }),
  loading: defineMessage({ id: 'people.departments.loading', defaultMessage: 'Loading departments…' }),
  caption: defineMessage({ id: 'people.departments.caption', defaultMessage: 'Departments' }),
  department: defineMessage({ id: 'people.departments.column.department', defaultMessage: 'Department' }),
  people: defineMessage({ id: 'people.departments.column.people', defaultMessage: 'People' }),
  actions: defineMessage({ id: 'people.departments.column.actions', defaultMessage: 'Actions' }),
  peopleCount: defineMessage<{ count: number }>({
    id: 'people.departments.peopleCount',
    defaultMessage: '{count, plural, one {# person} other {# people}}',
  }),
  formerCount: defineMessage<{ count: number }>({
    id: 'people.departments.formerCount',
    defaultMessage: '{count, plural, one {# former colleague} other {# former colleagues}}',
  }),
  delete: defineMessage<{ department: string }>({
    id: 'people.departments.deleteLabel',
    defaultMessage: 'Delete {department}',
  }),
  deleted: defineMessage<{ department: string }>({
    id: 'people.departments.deleted',
    defaultMessage: 'Deleted: {department}',
  }),
};

/** A department named or renamed. */
function NameDialog({ department, onClose }: { department: DepartmentSummary | null; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(department?.name ?? '');
  const create = useAppAction('departments.create');
  const rename = useAppAction('departments.rename');
  const action = department ? rename : create;
  return (
    <Dialog
      title={
        department
          ? intl.formatMessage(MESSAGES.rename, { department: department.name })
          : intl.formatMessage(MESSAGES.add)
      }
      onClose={onClose}
      size="small"
    >
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const done = department ? rename.run({ id: department.id, name }) : create.run({ name });
          void done.then((saved) => {
            if (!saved) return;
            toast(
              queuedWords(
                {
                  online: intl.formatMessage(MESSAGES.saved, { department: saved.name }),
                  offline: intl.formatMessage(MESSAGES.savedOffline, { department: saved.name }),
                },
                intl,
              ),
            );
            onClose();
          });
        }}
      >
        <TextField
          label={intl.formatMessage(MESSAGES.name)}
          isRequired
          value={name}
          onChange={setName}
          error={action.fieldErrors.name}
          className="wide"
        />
        <FormFooter
          error={action.error}
          submitLabel={intl.formatMessage(department ? MESSAGES.renameButton : MESSAGES.addButton)}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** The departments with how many are in each: add, rename, and delete one nobody is in. */
export function DepartmentsPanel() {
  const intl = useIntl();
  const list = useAppQuery('departments.summary', undefined);
  const remove = useAppAction('departments.delete');
  const { waiting } = useWaitingIds();
  const [naming, setNaming] = useState<DepartmentSummary | 'new' | null>(null);
  if (list.error) return <ErrorNote message={list.error} onRetry={list.reload} />;
  if (!list.data) return <Loading label={intl.formatMessage(MESSAGES.loading)} />;
  return (
    <div className="people-departments">
      <div className="tools">
        <Button variant="primary" onPress={() => setNaming('new')}>
          {intl.formatMessage(MESSAGES.add)}
        </Button>
      </div>
      {remove.error && <ErrorNote message={remove.error} />}
      {list.data.length === 0 ? (
        <Empty>
          <FormattedMessage
            id="people.departments.empty"
            defaultMessage="No departments yet. Add one, or import people with a department column."
          />
        </Empty>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{intl.formatMessage(MESSAGES.caption)}</caption>
          <PlainHead
            columns={[
              intl.formatMessage(MESSAGES.department),
              intl.formatMessage(MESSAGES.people),
              intl.formatMessage(MESSAGES.actions),
            ]}
          />
          <tbody>
            {list.data.map((d) => {
              const inUse = d.people + d.former > 0;
              return (
                <tr key={d.id}>
                  <th scope="row" className="cell">
                    {d.name}
                    {waiting.has(d.id) && (
                      <>
                        {SPACE}
                        <WaitingMark />
                      </>
                    )}
                  </th>
                  <td className="cell">
                    {intl.formatMessage(MESSAGES.peopleCount, { count: d.people })}
                    {d.former > 0 && SEPARATOR + intl.formatMessage(MESSAGES.formerCount, { count: d.former })}
                  </td>
                  <td className="cell">
                    <Button
                      onPress={() => setNaming(d)}
                      aria-label={intl.formatMessage(MESSAGES.rename, { department: d.name })}
                    >
                      {intl.formatMessage(MESSAGES.renameButton)}
                    </Button>
                    {SPACE}
                    <Button
                      variant="danger"
                      aria-label={intl.formatMessage(MESSAGES.delete, { department: d.name })}
                      isDisabled={inUse}
                      onPress={() =>
                        void remove.run({ id: d.id }).then((done) => {
                          if (done !== undefined)
                            toast(
                              queuedWords(
                                { online: intl.formatMessage(MESSAGES.deleted, { department: d.name }) },
                                intl,
                              ),
                            );
                        })
                      }
                    >
                      <FormattedMessage id="people.departments.delete" defaultMessage="Delete" />
                    </Button>
                    {inUse && (
                      <span className="hint">
                        {SPACE}
                        <FormattedMessage
                          id="people.departments.inUse"
                          defaultMessage="Move its people first to delete it"
                        />
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {naming && <NameDialog department={naming === 'new' ? null : naming} onClose={() => setNaming(null)} />}
    </div>
  );
}

import { useState } from 'react';
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
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';

/** A department named or renamed. */
function NameDialog({ department, onClose }: { department: DepartmentSummary | null; onClose: () => void }) {
  const [name, setName] = useState(department?.name ?? '');
  const create = useAppAction('departments.create');
  const rename = useAppAction('departments.rename');
  const action = department ? rename : create;
  return (
    <Dialog title={department ? `Rename ${department.name}` : 'Add department'} onClose={onClose} size="small">
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const done = department ? rename.run({ id: department.id, name }) : create.run({ name });
          void done.then((saved) => {
            if (!saved) return;
            toast(queuedWords({ online: `Saved: ${saved.name}`, offline: `${saved.name} saved` }));
            onClose();
          });
        }}
      >
        <TextField
          label="Name"
          isRequired
          value={name}
          onChange={setName}
          error={action.fieldErrors.name}
          className="wide"
        />
        <FormFooter
          error={action.error}
          submitLabel={department ? 'Rename' : 'Add'}
          pending={action.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The departments with how many are in each: add, rename, and delete one nobody is in. */
export function DepartmentsPanel() {
  const list = useAppQuery('departments.summary', undefined);
  const remove = useAppAction('departments.delete');
  const { waiting } = useWaitingIds();
  const [naming, setNaming] = useState<DepartmentSummary | 'new' | null>(null);
  if (list.error) return <ErrorNote message={list.error} onRetry={list.reload} />;
  if (!list.data) return <Loading label="Loading departments…" />;
  return (
    <div className="people-departments">
      <div className="tools">
        <Button variant="primary" onPress={() => setNaming('new')}>
          Add department
        </Button>
      </div>
      {remove.error && <ErrorNote message={remove.error} />}
      {list.data.length === 0 ? (
        <Empty>No departments yet. Add one, or import people with a department column.</Empty>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Departments</caption>
          <PlainHead columns={['Department', 'People', 'Actions']} />
          <tbody>
            {list.data.map((d) => {
              const inUse = d.people + d.former > 0;
              return (
                <tr key={d.id}>
                  <th scope="row" className="cell">
                    {d.name}
                    {waiting.has(d.id) && (
                      <>
                        {' '}
                        <WaitingMark />
                      </>
                    )}
                  </th>
                  <td className="cell">
                    {count(d.people, 'person', 'people')}
                    {d.former > 0 && ` · ${count(d.former, 'former colleague', 'former colleagues')}`}
                  </td>
                  <td className="cell">
                    <Button onPress={() => setNaming(d)} aria-label={`Rename ${d.name}`}>
                      Rename
                    </Button>{' '}
                    <Button
                      variant="danger"
                      aria-label={`Delete ${d.name}`}
                      isDisabled={inUse}
                      onPress={() =>
                        void remove.run({ id: d.id }).then((done) => {
                          if (done !== undefined) toast(queuedWords({ online: `Deleted: ${d.name}` }));
                        })
                      }
                    >
                      Delete
                    </Button>
                    {inUse && <span className="hint"> Move its people first to delete it</span>}
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

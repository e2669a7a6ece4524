import { useState } from 'react';
import type { AssignedForm } from '../../../src-shared/wire';
import { Button, Empty, ErrorNote, Loading } from '../../components/ui';
import { useRoles } from '../../state/appStore';
import { useAppQuery } from '../../state/useAppQuery';
import { AnswerDialog } from './AnswerDialog';
import './forms.css';

function AllForms() {
  const all = useAppQuery('forms.list', { pageSize: 50 });
  return (
    <section aria-labelledby="all-forms-title">
      <h2 id="all-forms-title">All forms</h2>
      {all.error && <ErrorNote message={all.error} onRetry={all.reload} />}
      {!all.data && all.loading && <Loading />}
      {all.data?.data.length === 0 && <Empty>No forms yet.</Empty>}
      <ul className="card-list forms">
        {all.data?.data.map((f) => (
          <li key={f.id}>
            <span>
              <strong>{f.title}</strong> · {f.status.toLowerCase()} · {f.responseCount} responses
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FormsView() {
  const roles = useRoles();
  const assigned = useAppQuery('forms.assigned', undefined);
  const [answering, setAnswering] = useState<AssignedForm | null>(null);
  return (
    <section aria-labelledby="forms-title">
      <h1 id="forms-title">Forms</h1>
      <h2 id="mine-forms-title">For you to answer</h2>
      {assigned.error && <ErrorNote message={assigned.error} onRetry={assigned.reload} />}
      {!assigned.data && assigned.loading && <Loading />}
      {assigned.data?.length === 0 && <Empty>No form waits for you.</Empty>}
      <ul className="card-list forms" aria-labelledby="mine-forms-title">
        {assigned.data?.map((f) => (
          <li key={f.id}>
            <span>
              <strong>{f.title}</strong>
              {f.closeDate ? ` · answer by ${f.closeDate.slice(0, 10)}` : ''}
            </span>
            {f.submitted && !f.allowMultipleSubmissions ? (
              <span className="badge status-answered">Answered</span>
            ) : (
              <Button onPress={() => setAnswering(f)}>Answer “{f.title}”</Button>
            )}
          </li>
        ))}
      </ul>
      {roles?.includes('ADMIN') && <AllForms />}
      {answering && <AnswerDialog form={answering} onClose={() => setAnswering(null)} />}
    </section>
  );
}

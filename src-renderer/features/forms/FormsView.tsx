import { Empty, ErrorNote, Loading } from '../../components/ui';
import { useRoles } from '../../state/appStore';
import { useAppQuery } from '../../state/useAppQuery';
import { MyForms } from './MyForms';
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
  return (
    <section aria-labelledby="forms-title" className="forms-view">
      <h1 id="forms-title">Forms</h1>
      <MyForms />
      {roles?.includes('ADMIN') && <AllForms />}
    </section>
  );
}

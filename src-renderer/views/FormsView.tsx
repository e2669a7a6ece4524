import { useState, type FormEvent } from 'react';
import type { AssignedForm, Question } from '../../src-shared/wire';
import { messageOf } from '../bridge/bridge';
import { Dialog } from '../components/Dialog';
import { Empty, ErrorNote, Loading } from '../components/States';
import { useAppStore } from '../state/appStore';
import { useAppQuery, useBridge } from '../state/bridgeContext';

function QuestionInput({ q, value, onChange }: { q: Question; value: string; onChange: (v: string) => void }) {
  const label = `${q.label}${q.required ? ' (required)' : ''}`;
  switch (q.type) {
    case 'TEXTAREA':
      return (
        <label>
          {label}
          <textarea value={value} onChange={(e) => onChange(e.target.value)} rows={4} />
        </label>
      );
    case 'SINGLE_CHOICE':
    case 'YES_NO': {
      const options = q.type === 'YES_NO' ? ['yes', 'no'] : (q.options ?? []);
      return (
        <fieldset>
          <legend>{label}</legend>
          {options.map((o) => (
            <label key={o} className="check">
              <input type="radio" name={q.id} checked={value === o} onChange={() => onChange(o)} /> {o}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'MULTIPLE_CHOICE': {
      const picked = value ? (JSON.parse(value) as string[]) : [];
      return (
        <fieldset>
          <legend>{label}</legend>
          {(q.options ?? []).map((o) => (
            <label key={o} className="check">
              <input
                type="checkbox"
                checked={picked.includes(o)}
                onChange={(e) => {
                  const next = e.target.checked ? [...picked, o] : picked.filter((p) => p !== o);
                  onChange(next.length ? JSON.stringify(next) : '');
                }}
              />{' '}
              {o}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'RATING':
    case 'SCALE':
    case 'NUMBER':
      return (
        <label>
          {label}
          <input
            type="number"
            min={q.min ?? undefined}
            max={q.max ?? undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      );
    case 'DATE':
      return (
        <label>
          {label}
          <input type="date" value={value} onChange={(e) => onChange(e.target.value)} />
        </label>
      );
    case 'TEXT':
      return (
        <label>
          {label}
          <input value={value} onChange={(e) => onChange(e.target.value)} />
        </label>
      );
  }
}

function AnswerDialog({ form, onClose }: { form: AssignedForm; onClose: () => void }) {
  const bridge = useBridge();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await bridge.call('forms.submit', {
        formId: form.id,
        answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
      });
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Dialog title={form.title} onClose={onClose}>
      <form className="answer-form" onSubmit={(e) => void submit(e)}>
        {form.description && <p>{form.description}</p>}
        {form.questions.map((q) => (
          <QuestionInput
            key={q.id}
            q={q}
            value={answers[q.id] ?? ''}
            onChange={(v) => setAnswers({ ...answers, [q.id]: v })}
          />
        ))}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            Send answers
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AllForms() {
  const all = useAppQuery('forms.list', { pageSize: 50 }, ['forms']);
  return (
    <>
      <h2>All forms</h2>
      {all.error && <ErrorNote message={all.error} onRetry={all.reload} />}
      {all.data?.data.length === 0 && <Empty>No forms yet.</Empty>}
      <ul className="forms">
        {all.data?.data.map((f) => (
          <li key={f.id}>
            <span>
              <strong>{f.title}</strong> · {f.status.toLowerCase()} · {f.responseCount} responses
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function FormsView() {
  const isAdmin = useAppStore((s) => s.account?.roles.includes('ADMIN') ?? false);
  const assigned = useAppQuery('forms.assigned', undefined, ['assignedForms']);
  const [answering, setAnswering] = useState<AssignedForm | null>(null);
  return (
    <section aria-labelledby="forms-title">
      <h1 id="forms-title">Forms</h1>
      <h2>For you to answer</h2>
      {assigned.error && <ErrorNote message={assigned.error} onRetry={assigned.reload} />}
      {!assigned.data && assigned.loading && <Loading />}
      {assigned.data?.length === 0 && <Empty>No form waits for you.</Empty>}
      <ul className="forms">
        {assigned.data?.map((f) => (
          <li key={f.id}>
            <span>
              <strong>{f.title}</strong>
              {f.closeDate ? ` · answer by ${f.closeDate.slice(0, 10)}` : ''}
            </span>
            {f.submitted && !f.allowMultipleSubmissions ? (
              <span className="badge status-approved">Answered</span>
            ) : (
              <button type="button" onClick={() => setAnswering(f)}>
                Answer “{f.title}”
              </button>
            )}
          </li>
        ))}
      </ul>
      {isAdmin && <AllForms />}
      {answering && <AnswerDialog form={answering} onClose={() => setAnswering(null)} />}
    </section>
  );
}

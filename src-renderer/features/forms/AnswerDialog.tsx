import { useRef, useState, type FormEvent } from 'react';
import { answerIssue, isUnanswered } from '../../../src-shared/rules';
import type { AssignedForm } from '../../../src-shared/wire';
import { Dialog, FormFooter, toast } from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { QuestionInput } from './QuestionInput';

/** Answering a form: each question checked as it is left and on sending; the answers stay if sending fails. */
export function AnswerDialog({ form, onClose }: { form: AssignedForm; onClose: () => void }) {
  const submit = useAppAction('forms.submit');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<Record<string, string | undefined>>({});
  const list = useRef<HTMLDivElement>(null);
  const answered = form.questions.filter((q) => !isUnanswered(q, answers[q.id])).length;
  const errorOf = (id: string) => checked[id] ?? submit.fieldErrors[`answers.${id}`];

  const leave = (id: string) => {
    const q = form.questions.find((x) => x.id === id)!;
    setChecked((c) => ({ ...c, [id]: answerIssue(q, answers[id])?.message }));
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const issues = Object.fromEntries(form.questions.map((q) => [q.id, answerIssue(q, answers[q.id])?.message]));
    setChecked(issues);
    const first = form.questions.find((q) => issues[q.id]);
    if (first) {
      // Focus the first question to mend; nothing is sent while a rule fails.
      list.current
        ?.querySelector<HTMLElement>(
          `[data-question="${first.id}"] input, [data-question="${first.id}"] textarea, [data-question="${first.id}"] [role="radio"], [data-question="${first.id}"] [tabindex="0"]`,
        )
        ?.focus();
      return;
    }
    const done = await submit.run({
      formId: form.id,
      answers: Object.entries(answers)
        .filter(([, v]) => v.trim() !== '')
        .map(([questionId, value]) => ({ questionId, value })),
    });
    if (done !== undefined) {
      toast('Answers saved — they will be sent when you are online');
      onClose();
    }
  };
  return (
    <Dialog title={form.title} onClose={onClose} size="large">
      <form className="answer-form" onSubmit={(e) => void send(e)} noValidate>
        {form.description && <p>{form.description}</p>}
        {form.isAnonymous && <p className="hint">This form is anonymous: your name is not kept with your answers.</p>}
        <p className="hint" aria-live="polite">
          {answered} of {form.questions.length} answered · questions marked * are required
        </p>
        <div ref={list} className="questions">
          {form.questions.map((q) => (
            <div key={q.id} data-question={q.id}>
              <QuestionInput
                q={q}
                value={answers[q.id] ?? ''}
                onChange={(v) => {
                  setAnswers((a) => ({ ...a, [q.id]: v }));
                  if (checked[q.id]) setChecked((c) => ({ ...c, [q.id]: answerIssue(q, v)?.message }));
                }}
                onLeave={() => leave(q.id)}
                error={errorOf(q.id)}
              />
            </div>
          ))}
        </div>
        <FormFooter error={submit.error} submitLabel="Submit answers" pending={submit.pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
